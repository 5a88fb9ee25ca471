// One table drawn from a scene (bot/present/scene.py as JSON): seats, centre, events,
// the reader's hand and moves, the result.
import { useEffect, useState } from "preact/hooks";
import { deckOf, face } from "./cards";
import { t, type Lang } from "./i18n";
import { Marked, type Ctx } from "./marked";

interface Fact { label: string; value: string }
interface SeatScene {
  index: number; name: string; roles: string[]; score: string | null; facts: Fact[];
  hand_count: number | null; status: string | null; to_move: boolean;
}
interface Play { seat: number; cards: string[]; note: string | null }
interface Trick { label: string; plays: Play[]; winner: number | null; to_lead: number | null }
interface Pile { label: string; cards: string[]; face_down: number; note: string | null }
interface Choice { action: string; label: string; cards: string[] }
// A card form marked any_of admits every choice of low..high of its cards (sent as
// {kind, args: the chosen codes}); other card moves are listed in the frame's moves.
export interface Form {
  kind: string; prompt: string; verb: string; cards: string[]; low: number; high: number;
  choices: Choice[]; confirm: boolean; note: string | null; any_of?: boolean;
}
interface Hand { cards: string[]; groups: [string, string[]][]; lines: string[]; forms: Form[]; your_turn: boolean }
export interface Scene {
  game: string; title: string; phase: string; headline: Fact[]; seats: SeatScene[];
  centre: { trick: Trick | null; last_trick: Trick | null; piles: Pile[]; lines: string[] };
  events: string[]; to_move: number | null; viewer: number | null; hand: Hand | null;
  result: { lines: string[]; winners: number[]; details: string[] } | null; legend: Fact[];
}
export interface MoveJson { kind: string; args: string[]; text: string }

export interface TableProps {
  lang: Lang; scene: Scene; names: string[]; seat: number | null; moves: MoveJson[];
  version: number; over: boolean; hintOffered: boolean; deadline: number | null;
  since: string[]; note: string | null; hint: string | null;
  onMove: (move: { action: { kind: string; args: string[] } } | { text: string }) => void;
  onHint: () => void;
  revealed?: string[][];     // a replay's every hand (its players, once the game is over)
  replay?: boolean;
}

export function Card({ code, ctx, state, onClick, selected }: {
  code: string; ctx: Ctx; state?: "legal" | "dim" | "plain"; selected?: boolean; onClick?: () => void;
}) {
  const f = face(code, ctx.deck, ctx.lang);
  const cls = `card${f.red ? " red" : ""}${f.joker ? " joker" : ""}${state === "dim" ? " dim" : ""}${state === "legal" ? " legal" : ""}${selected ? " selected" : ""}`;
  const body = (
    <>
      <span class="rank" aria-hidden="true">{f.rank}</span>
      <span class="suit" aria-hidden="true">{f.sym}</span>
    </>
  );
  if (!onClick) return <span class={cls} role="img" aria-label={f.name} data-card={code}>{body}</span>;
  return (
    <button type="button" class={cls} aria-label={f.name} aria-pressed={selected ? "true" : undefined}
      aria-disabled={state === "dim" ? "true" : undefined} data-card={code} onClick={onClick}>{body}</button>
  );
}

function Backs({ count, lang }: { count: number; lang: Lang }) {
  return <span class="backs" role="img" aria-label={`${count} ${t(lang, "cards")}`}><span class="back" />{count}</span>;
}

function Timer({ deadline, lang }: { deadline: number; lang: Lang }) {
  const [now, setNow] = useState(Date.now() / 1000);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => window.clearInterval(id);
  }, [deadline]);
  const left = Math.max(0, Math.round(deadline - now));
  return <span class="timer" role="timer">⏱ {left}{t(lang, "seconds")}</span>;
}

function Seats({ scene, ctx, seat, deadline, lang }: { scene: Scene; ctx: Ctx; seat: number | null; deadline: number | null; lang: Lang }) {
  return (
    <ol class="seats">
      {scene.seats.map((s) => (
        <li class={`seat${s.to_move ? " to-move" : ""}${s.index === seat ? " me" : ""}`} data-seat={s.index}
          aria-current={s.to_move ? "true" : undefined}>
          <div class="seat-name"><Marked text={s.name} ctx={ctx} />
            {s.to_move && <span class="turn"> · {t(lang, "toMove")}</span>}
            {s.to_move && deadline && <Timer deadline={deadline} lang={lang} />}
          </div>
          {s.roles.length > 0 && <div class="roles">{s.roles.map((r, i) => <span>{i ? ", " : ""}<Marked text={r} ctx={ctx} /></span>)}</div>}
          <div class="seat-facts">
            {s.score !== null && <span class="score"><Marked text={s.score} ctx={ctx} /></span>}
            {s.facts.map((f) => <span class="fact"><Marked text={f.label} ctx={ctx} />: <Marked text={f.value} ctx={ctx} /></span>)}
            {s.hand_count !== null && <Backs count={s.hand_count} lang={lang} />}
          </div>
          {s.status && <div class="status"><Marked text={s.status} ctx={ctx} /></div>}
        </li>
      ))}
    </ol>
  );
}

function TrickView({ trick, ctx, cls }: { trick: Trick; ctx: Ctx; cls: string }) {
  return (
    <section class={`trick ${cls}`} aria-label={trick.label}>
      <h3><Marked text={trick.label} ctx={ctx} /></h3>
      <div class="plays">
        {trick.plays.map((p) => (
          <figure class={`play${trick.winner === p.seat ? " won" : ""}`}>
            <div class="play-cards">{p.cards.map((c) => <Card code={c} ctx={ctx} />)}</div>
            <figcaption>{ctx.names[p.seat]}{p.note && <> · <Marked text={p.note} ctx={ctx} /></>}</figcaption>
          </figure>
        ))}
        {trick.plays.length === 0 && trick.to_lead !== null && <p class="muted">{ctx.names[trick.to_lead]} …</p>}
      </div>
    </section>
  );
}

function Centre({ scene, ctx }: { scene: Scene; ctx: Ctx }) {
  const c = scene.centre;
  return (
    <section class="centre">
      {c.trick && <TrickView trick={c.trick} ctx={ctx} cls="current" />}
      {c.last_trick && <TrickView trick={c.last_trick} ctx={ctx} cls="last" />}
      {c.piles.map((p) => (
        <section class="pile" aria-label={p.label}>
          <h3><Marked text={p.label} ctx={ctx} /></h3>
          <div class="play-cards">
            {p.cards.map((code) => <Card code={code} ctx={ctx} />)}
            {p.face_down > 0 && <Backs count={p.face_down} lang={ctx.lang} />}
          </div>
          {p.note && <p class="note"><Marked text={p.note} ctx={ctx} /></p>}
        </section>
      ))}
      {c.lines.length > 0 && <ul class="lines">{c.lines.map((l) => <li><Marked text={l} ctx={ctx} /></li>)}</ul>}
    </section>
  );
}

function sameCards(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

// Whether every picked card is one of the form's (as many copies as it has).
function within(picked: string[], cards: string[]): boolean {
  const left = new Map<string, number>();
  for (const c of cards) left.set(c, (left.get(c) ?? 0) + 1);
  return picked.every((c) => {
    const n = left.get(c) ?? 0;
    left.set(c, n - 1);
    return n > 0;
  });
}

// The move the picked cards make under the form: built from an any_of form, else found
// among the frame's listed moves.
function moveOf(form: Form, picked: string[], moves: MoveJson[]): MoveJson | undefined {
  if (form.any_of) {
    if (picked.length < form.low || picked.length > form.high || !within(picked, form.cards)) return undefined;
    return { kind: form.kind, args: picked, text: [form.kind, ...picked].join(" ") };
  }
  return moves.find((m) => m.kind === form.kind && sameCards(m.args, picked));
}

function HandView(props: TableProps & { ctx: Ctx }) {
  const { scene, ctx, lang, moves, onMove } = props;
  const hand = scene.hand!;
  const cardForms = hand.forms.filter((f) => f.cards.length > 0);
  const [formAt, setFormAt] = useState(0);
  const [picked, setPicked] = useState<number[]>([]);   // indexes into hand.cards
  const [why, setWhy] = useState<string | null>(null);
  useEffect(() => { setPicked([]); setWhy(null); setFormAt(0); }, [props.version]);
  const form = cardForms[Math.min(formAt, cardForms.length - 1)] as Form | undefined;
  const multi = !!form && (form.confirm || form.high > 1);
  const pickedCodes = picked.map((i) => hand.cards[i]);
  const match = form && moveOf(form, pickedCodes, moves);
  const countOk = !!form && picked.length >= form.low && picked.length <= form.high;

  const click = (i: number) => {
    const code = hand.cards[i];
    if (!form || !form.cards.includes(code)) {
      setWhy(!hand.your_turn ? t(lang, "notYourTurn") : form?.note ?? t(lang, "notNow"));
      return;
    }
    setWhy(null);
    if (!multi) {
      const m = moveOf(form, [code], moves);
      if (m) onMove({ action: { kind: m.kind, args: m.args } });
      else setWhy(form.note ?? t(lang, "notNow"));
      return;
    }
    if (picked.includes(i)) setPicked(picked.filter((p) => p !== i));
    else if (picked.length < form.high) setPicked([...picked, i]);
  };

  return (
    <section class={`hand${hand.your_turn ? " your-turn" : ""}`} aria-label={t(lang, "yourHand")}>
      <h2>{t(lang, "yourHand")}{hand.your_turn && <span class="turn"> · {t(lang, "yourTurn")}</span>}</h2>
      {hand.lines.map((l) => <p class="hand-line"><Marked text={l} ctx={ctx} /></p>)}
      {cardForms.length > 1 && (
        <div class="form-tabs" role="tablist">
          {cardForms.map((f, i) => (
            <button type="button" role="tab" data-kind={f.kind} aria-selected={i === formAt ? "true" : "false"}
              onClick={() => { setFormAt(i); setPicked([]); }}><Marked text={f.verb} ctx={ctx} /></button>
          ))}
        </div>
      )}
      {form && <p class="prompt"><Marked text={form.prompt} ctx={ctx} />{form.note && <span class="muted"> - <Marked text={form.note} ctx={ctx} /></span>}</p>}
      <div class="hand-cards">
        {hand.cards.map((code, i) => (
          <Card code={code} ctx={ctx} state={form && form.cards.includes(code) ? "legal" : "dim"}
            selected={picked.includes(i)} onClick={() => click(i)} />
        ))}
      </div>
      {why && <p class="why" role="status">{why}</p>}
      {multi && form && (
        <div class="confirm-row">
          <span class="muted">{t(lang, "selected")}: {picked.length} ({form.low === form.high ? form.low : `${form.low}-${form.high}`})</span>
          <button type="button" class="primary confirm" disabled={!countOk || !match}
            onClick={() => match && onMove({ action: { kind: match.kind, args: match.args } })}>
            {t(lang, "confirm")}: <Marked text={form.verb} ctx={ctx} />
          </button>
          {picked.length > 0 && <button type="button" onClick={() => setPicked([])}>{t(lang, "clear")}</button>}
          {countOk && !match && <span class="why">{t(lang, "notAMove")}</span>}
        </div>
      )}
      {hand.forms.filter((f) => f.choices.length > 0).map((f) => (
        <div class="choices">
          <p class="prompt"><Marked text={f.prompt} ctx={ctx} />{f.note && <span class="muted"> - <Marked text={f.note} ctx={ctx} /></span>}</p>
          <div class="choice-buttons">
            {f.choices.map((c) => (
              <button type="button" class="choice" data-action={c.action} onClick={() => onMove({ text: c.action })}>
                <Marked text={c.label} ctx={ctx} />
              </button>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

export function Table(props: TableProps) {
  const { scene, names, lang, seat } = props;
  const ctx: Ctx = { names, deck: deckOf(scene.game), lang };
  return (
    <div class={`table game-${scene.game}`}>
      <header class="head">
        <h1><Marked text={scene.title} ctx={ctx} /></h1>
        <p class="phase"><Marked text={scene.phase} ctx={ctx} /></p>
        <dl class="headline">
          {scene.headline.map((f) => <div><dt><Marked text={f.label} ctx={ctx} /></dt><dd><Marked text={f.value} ctx={ctx} /></dd></div>)}
        </dl>
      </header>
      {seat === null && !props.over && !props.replay && <p class="banner">{t(lang, "spectating")}</p>}
      <Seats scene={scene} ctx={ctx} seat={seat} deadline={props.deadline} lang={lang} />
      <Centre scene={scene} ctx={ctx} />
      {props.revealed && (
        <section class="revealed">
          {props.revealed.map((cards, i) => (
            <div class="revealed-hand" data-seat={i}>
              <h3>{names[i]}</h3>
              <div class="play-cards">{cards.map((c) => <Card code={c} ctx={ctx} />)}</div>
            </div>
          ))}
        </section>
      )}
      {props.note && <p class="note-banner" role="alert"><Marked text={props.note} ctx={ctx} /></p>}
      {props.hint && <p class="hint-text" role="status"><Marked text={props.hint} ctx={ctx} /></p>}
      {scene.hand && !props.over && <HandView {...props} ctx={ctx} />}
      {props.hintOffered && !props.over && scene.hand?.your_turn && (
        <button type="button" class="hint" onClick={props.onHint}>💡 {t(lang, "hint")}</button>
      )}
      {scene.result && (
        <section class="result" aria-label={t(lang, "gameOver")}>
          <h2>{t(lang, "gameOver")}</h2>
          <ul class="ranking">{scene.result.lines.map((l) => <li><Marked text={l} ctx={ctx} /></li>)}</ul>
          {scene.result.details.length > 0 && <ul class="details">{scene.result.details.map((l) => <li><Marked text={l} ctx={ctx} /></li>)}</ul>}
        </section>
      )}
      <section class="events">
        <h2>{props.since.length ? t(lang, "since") : t(lang, "events")}</h2>
        <ul>{(props.since.length ? props.since : scene.events).map((e) => <li><Marked text={e} ctx={ctx} /></li>)}</ul>
      </section>
      {scene.legend.length > 0 && (
        <dl class="legend">{scene.legend.map((f) => <div><dt><Marked text={f.label} ctx={ctx} /></dt><dd><Marked text={f.value} ctx={ctx} /></dd></div>)}</dl>
      )}
    </div>
  );
}
