// The client's own few words; every game text arrives rendered by the server.
export type Lang = "en" | "pl" | "ru";

const WORDS = {
  connecting: { en: "Connecting…", pl: "Łączenie…", ru: "Подключение…" },
  reconnecting: { en: "Connection lost - reconnecting…", pl: "Utracono połączenie - ponowne łączenie…", ru: "Связь потеряна - переподключение…" },
  confirm: { en: "Confirm", pl: "Zatwierdź", ru: "Подтвердить" },
  clear: { en: "Clear", pl: "Wyczyść", ru: "Сбросить" },
  hint: { en: "Hint", pl: "Podpowiedź", ru: "Подсказка" },
  yourTurn: { en: "Your turn", pl: "Twój ruch", ru: "Ваш ход" },
  notYourTurn: { en: "It is not your turn yet.", pl: "To jeszcze nie twój ruch.", ru: "Сейчас не ваш ход." },
  notNow: { en: "That card cannot be chosen now.", pl: "Tej karty nie można teraz wybrać.", ru: "Эту карту сейчас выбрать нельзя." },
  notAMove: { en: "Those cards are not a move now.", pl: "Te karty nie są teraz możliwym ruchem.", ru: "Эти карты сейчас не составляют хода." },
  selected: { en: "Selected", pl: "Wybrane", ru: "Выбрано" },
  yourHand: { en: "Your hand", pl: "Twoja ręka", ru: "Ваши карты" },
  lastTrick: { en: "Last trick", pl: "Ostatnia lewa", ru: "Последняя взятка" },
  since: { en: "Since your last move", pl: "Od twojego ostatniego ruchu", ru: "После вашего хода" },
  events: { en: "Recent events", pl: "Ostatnie wydarzenia", ru: "Последние события" },
  cards: { en: "cards", pl: "kart", ru: "карт" },
  gameOver: { en: "Game over", pl: "Koniec gry", ru: "Игра окончена" },
  spectating: { en: "You are watching this table.", pl: "Oglądasz ten stół.", ru: "Вы наблюдаете за этим столом." },
  noTable: { en: "There is no game at this table. Start one in the channel with /new.", pl: "Przy tym stole nie toczy się gra. Zacznij ją na kanale poleceniem /new.", ru: "За этим столом нет игры. Начните её в канале командой /new." },
  login: { en: "Log in with Discord", pl: "Zaloguj się przez Discorda", ru: "Войти через Discord" },
  previous: { en: "Previous", pl: "Wstecz", ru: "Назад" },
  next: { en: "Next", pl: "Dalej", ru: "Вперёд" },
  step: { en: "Step", pl: "Krok", ru: "Шаг" },
  replay: { en: "Replay", pl: "Powtórka", ru: "Повтор" },
  seconds: { en: "s", pl: "s", ru: "с" },
  toMove: { en: "to move", pl: "na ruchu", ru: "ходит" },
  trick: { en: "Trick", pl: "Lewa", ru: "Взятка" },
  error: { en: "Something went wrong.", pl: "Coś poszło nie tak.", ru: "Что-то пошло не так." },
} as const;

export type Word = keyof typeof WORDS;

export function langOf(code: string | null | undefined): Lang {
  const c = (code || "").toLowerCase();
  if (c.startsWith("pl")) return "pl";
  if (c.startsWith("ru")) return "ru";
  return "en";
}

export function t(lang: Lang, word: Word): string {
  return WORDS[word][lang];
}
