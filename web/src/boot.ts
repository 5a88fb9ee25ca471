// How the page gets its tickets (WEB_CONTRACT: the Activity flow inside Discord, the URL
// fragment's #ticket=, else the session cookie's POST /api/ticket).
import { langOf, t, type Lang } from "./i18n";

export type Route =
  | { page: "table"; channel: string | null }
  | { page: "replay"; game: string };

export function route(path: string): Route {
  const replay = /^\/replay\/([^/]+)\/?$/.exec(path);
  if (replay) return { page: "replay", game: decodeURIComponent(replay[1]) };
  const table = /^\/t\/([^/]+)\/?$/.exec(path);
  return { page: "table", channel: table ? decodeURIComponent(table[1]) : null };
}

export interface Tickets {
  lang: Lang;
  channel: string | null;
  /** A fresh single-use ticket for the websocket's hello; null: none can be had. */
  next(): Promise<string | null>;
}

export class NoTable extends Error {}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
}

function inDiscord(params: URLSearchParams): boolean {
  return params.has("frame_id") || params.has("instance_id");
}

async function activity(): Promise<Tickets> {
  const config = await (await fetch("/api/config")).json();
  const { DiscordSDK } = await import("@discord/embedded-app-sdk");
  const sdk = new DiscordSDK(config.client_id);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id, response_type: "code", state: "", prompt: "none",
    scope: ["identify", "guilds"],
  });
  const reply = await post("/api/activity/session", {
    code, instance_id: sdk.instanceId, channel_id: sdk.channelId, guild_id: sdk.guildId,
  });
  if (!reply.ok) throw new Error((await reply.json()).text);
  const session = await reply.json();
  await sdk.commands.authenticate({ access_token: session.access_token });
  let lang: Lang = "en";
  try {
    lang = langOf((await sdk.commands.userSettingsGetLocale()).locale);
  } catch {
    lang = langOf(navigator.language);
  }
  // No table in that channel yet: the page says how to open one (WEB_CONTRACT, table: false).
  if (!session.table) throw new NoTable(t(lang, "noTable"));
  let first: string | null = session.ticket;
  return {
    lang,
    channel: session.channel_id,
    async next() {
      if (first) {
        const ticket = first;
        first = null;
        return ticket;
      }
      const again = await post("/api/activity/ticket", {
        access_token: session.access_token, instance_id: sdk.instanceId,
      });
      return again.ok ? (await again.json()).ticket : null;
    },
  };
}

function browser(channel: string | null, lang: Lang): Tickets {
  const fragment = new URLSearchParams(location.hash.slice(1));
  let first = fragment.get("ticket");
  if (first) history.replaceState(null, "", location.pathname + location.search);
  return {
    lang,
    channel,
    async next() {
      if (first) {
        const ticket = first;
        first = null;
        return ticket;
      }
      if (!channel) return null;
      const reply = await post("/api/ticket", { channel_id: channel });
      if (reply.status === 401) {
        location.assign(`/login?next=${encodeURIComponent(location.pathname)}`);
        return null;
      }
      return reply.ok ? (await reply.json()).ticket : null;
    },
  };
}

export async function tickets(channel: string | null): Promise<Tickets> {
  const params = new URLSearchParams(location.search);
  if (inDiscord(params)) return activity();
  return browser(channel, langOf(params.get("lang") || navigator.language));
}
