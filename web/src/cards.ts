// Card codes (``QH``, ``10S``, Spanish-deck ``NO`` for Coins, jokers ``X1``) to what a
// card shows and its accessible name in the reader's language.
import type { Lang } from "./i18n";

export type Deck = "french" | "spanish";

const FRENCH_SUITS: Record<string, { sym: string; red: boolean; name: Record<Lang, string> }> = {
  C: { sym: "♣", red: false, name: { en: "clubs", pl: "trefl", ru: "треф" } },
  D: { sym: "♦", red: true, name: { en: "diamonds", pl: "karo", ru: "бубен" } },
  H: { sym: "♥", red: true, name: { en: "hearts", pl: "kier", ru: "червей" } },
  S: { sym: "♠", red: false, name: { en: "spades", pl: "pik", ru: "пик" } },
};

const SPANISH_SUITS: Record<string, { sym: string; red: boolean; name: Record<Lang, string> }> = {
  C: { sym: "🏆", red: true, name: { en: "cups", pl: "kielichów", ru: "кубков" } },
  O: { sym: "🪙", red: true, name: { en: "coins", pl: "monet", ru: "монет" } },
  E: { sym: "⚔️", red: false, name: { en: "swords", pl: "mieczy", ru: "мечей" } },
  B: { sym: "🪵", red: false, name: { en: "clubs", pl: "buław", ru: "жезлов" } },
};

const NUMBERS: Record<Lang, string[]> = {
  en: ["", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
  pl: ["", "", "dwójka", "trójka", "czwórka", "piątka", "szóstka", "siódemka", "ósemka", "dziewiątka", "dziesiątka"],
  ru: ["", "", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка"],
};

const FACES: Record<Deck, Record<string, Record<Lang, string>>> = {
  french: {
    A: { en: "ace", pl: "as", ru: "туз" },
    K: { en: "king", pl: "król", ru: "король" },
    Q: { en: "queen", pl: "dama", ru: "дама" },
    J: { en: "jack", pl: "walet", ru: "валет" },
  },
  spanish: {
    A: { en: "ace", pl: "as", ru: "туз" },
    K: { en: "king", pl: "król", ru: "король" },
    N: { en: "knight", pl: "rycerz", ru: "рыцарь" },
    J: { en: "knave", pl: "walet", ru: "валет" },
  },
};

const JOKER: Record<Lang, string> = { en: "joker", pl: "dżoker", ru: "джокер" };

export function deckOf(game: string): Deck {
  return game === "coins" ? "spanish" : "french";
}

export interface Face {
  rank: string;
  sym: string;
  red: boolean;
  joker: boolean;
  name: string;
}

export function face(code: string, deck: Deck, lang: Lang): Face {
  if (code.startsWith("X")) {
    return { rank: "★", sym: "", red: code === "X1", joker: true, name: JOKER[lang] };
  }
  const rank = code.slice(0, -1);
  const suitCode = code.slice(-1);
  const suit = (deck === "spanish" ? SPANISH_SUITS : FRENCH_SUITS)[suitCode];
  if (!suit) return { rank: code, sym: "", red: false, joker: false, name: code };
  const n = Number(rank);
  const rankName = Number.isInteger(n) && n >= 2 && n <= 10 ? NUMBERS[lang][n] : FACES[deck][rank]?.[lang] ?? rank;
  const name = lang === "en" ? `${rankName} of ${suit.name.en}` : `${rankName} ${suit.name[lang]}`;
  return { rank, sym: suit.sym, red: suit.red, joker: false, name };
}
