// Scene texts: ``{pN}`` is seat N's name, ``{c:CODE}`` a card (drawn small, inline).
import type { ComponentChildren } from "preact";
import { face, type Deck } from "./cards";
import type { Lang } from "./i18n";

export interface Ctx {
  names: string[];
  deck: Deck;
  lang: Lang;
}

const TOKEN = /\{p(\d+)\}|\{c:([0-9A-Z]+)\}/g;

export function Mini({ code, ctx }: { code: string; ctx: Ctx }) {
  const f = face(code, ctx.deck, ctx.lang);
  return (
    <span class={`mini${f.red ? " red" : ""}`} role="img" aria-label={f.name} data-card={code}>
      {f.rank}{f.sym}
    </span>
  );
}

export function Marked({ text, ctx }: { text: string | null | undefined; ctx: Ctx }) {
  if (!text) return null;
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (m[1] !== undefined) out.push(<b class="who">{ctx.names[Number(m[1])] ?? `#${Number(m[1]) + 1}`}</b>);
    else out.push(<Mini code={m[2]} ctx={ctx} />);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
