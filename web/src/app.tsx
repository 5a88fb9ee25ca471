import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { route, tickets as getTickets } from "./boot";
import { Conn, type Frame, type Status } from "./conn";
import { langOf, t, type Lang } from "./i18n";
import { Table, type Scene, type MoveJson } from "./table";

export function App() {
  const r = route(location.pathname);
  if (r.page === "replay") return <ReplayPage game={r.game} />;
  return <TablePage channel={r.channel} />;
}

interface TableState {
  frame: Frame | null;       // the newest snapshot/scene/over
  since: string[];           // events since this seat's last move
  note: string | null;       // the last outcome's or error's text
  hint: string | null;
}

function TablePage({ channel }: { channel: string | null }) {
  const [lang, setLang] = useState<Lang>(langOf(new URLSearchParams(location.search).get("lang") || navigator.language));
  const [status, setStatus] = useState<Status>("connecting");
  const [state, setState] = useState<TableState>({ frame: null, since: [], note: null, hint: null });
  const [fatal, setFatal] = useState<string | null>(null);
  const conn = useRef<Conn | null>(null);

  useEffect(() => {
    let gone = false;
    getTickets(channel).then((tk) => {
      if (gone) return;
      setLang(tk.lang);
      document.documentElement.lang = tk.lang;
      const c = new Conn(tk, (f) => {
        setState((s) => reduce(s, f));
      }, (st, why) => {
        setStatus(st);
        if (st === "closed") setFatal(why?.text ?? t(tk.lang, "noTable"));
      });
      conn.current = c;
      void c.open();
    }).catch((e) => setFatal(String(e?.message ?? e)));
    return () => { gone = true; };
  }, [channel]);

  const send = (frame: Record<string, unknown>) => {
    setState((s) => ({ ...s, note: null, hint: null }));
    conn.current?.send(frame);
  };
  const frame = state.frame;
  return (
    <main class="page" data-status={status} data-version={frame?.version ?? ""}>
      {status === "connecting" && !frame && !fatal && <p class="banner">{t(lang, "connecting")}</p>}
      {status === "lost" && <p class="banner warn" role="status">{t(lang, "reconnecting")}</p>}
      {fatal && (!frame || status === "closed") && <p class="banner warn fatal" role="alert">{fatal}</p>}
      {frame && (
        <Table
          lang={lang}
          scene={frame.scene as Scene}
          names={frame.names}
          seat={frame.seat ?? null}
          moves={(frame.moves ?? []) as MoveJson[]}
          version={frame.version as number}
          over={frame.type === "over"}
          hintOffered={!!frame.hint}
          deadline={frame.deadline ?? null}
          since={state.since}
          note={state.note}
          hint={state.hint}
          onMove={(move) => send({ type: "move", version: frame.version, ...move })}
          onHint={() => send({ type: "hint", version: frame.version })}
        />
      )}
    </main>
  );
}

function reduce(s: TableState, f: Frame): TableState {
  switch (f.type) {
    case "snapshot":
      return { ...s, frame: f, since: [] };
    case "scene":
      return { ...s, frame: f };
    case "over":
      return { ...s, frame: { ...f, seat: s.frame?.seat ?? null, moves: [] } };
    case "update": {
      const mine = f.move && s.frame && f.move.seat === s.frame.seat && s.frame.seat !== null;
      return { ...s, since: mine ? [...f.events] : [...s.since, ...f.events].slice(-30) };
    }
    case "outcome":
      return { ...s, note: f.result === "made" ? null : f.text };
    case "hint":
      return { ...s, hint: f.text };
    case "error":
      return { ...s, note: f.text };
    default:
      return s;
  }
}

interface Replay {
  game: string;
  names: string[];
  steps: { version: number; events: string[]; scene: Scene; hands?: string[][] }[];
}

function ReplayPage({ game }: { game: string }) {
  const lang = useMemo(() => langOf(new URLSearchParams(location.search).get("lang") || navigator.language), []);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState(0);
  useEffect(() => {
    const reveal = new URLSearchParams(location.search).get("reveal") === "1" ? "&reveal=1" : "";
    fetch(`/api/replay/${encodeURIComponent(game)}?lang=${lang}${reveal}`, { credentials: "same-origin" })
      .then(async (r) => {
        if (r.status === 401) {   // a replay is for signed-in people: log in, then back here
          location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
          return;
        }
        const body = await r.json();
        if (!r.ok) throw new Error(body.text ?? t(lang, "error"));
        setReplay(body);
      })
      .catch((e) => setError(String(e.message)));
  }, [game]);
  if (error) return <main class="page"><p class="banner warn" role="alert">{error}</p></main>;
  if (!replay) return <main class="page"><p class="banner">{t(lang, "connecting")}</p></main>;
  const step = replay.steps[Math.min(at, replay.steps.length - 1)];
  const last = replay.steps.length - 1;
  return (
    <main class="page replay">
      <nav class="replay-nav">
        <button type="button" disabled={at <= 0} onClick={() => setAt(at - 1)}>{t(lang, "previous")}</button>
        <span>{t(lang, "replay")} · {t(lang, "step")} {at + 1} / {last + 1}</span>
        <button type="button" disabled={at >= last} onClick={() => setAt(at + 1)}>{t(lang, "next")}</button>
      </nav>
      <Table lang={lang} scene={step.scene} names={replay.names} seat={null} moves={[]}
        version={step.version} over={at === last} hintOffered={false} deadline={null}
        since={step.events} note={null} hint={null} onMove={() => {}} onHint={() => {}}
        revealed={step.hands} replay />
    </main>
  );
}
