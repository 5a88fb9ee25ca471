"""Games as plug-ins: the one place a game registers, and the one place the bot looks.

A game is a ``GamePlugin``: its engine, its presenter, its AI hooks, its rules texts, the
words its options and commands are shown with, and its daily deal.  A plug-in module
defines ``PLUGIN = GamePlugin(...)``; the modules named in ``BUILT_IN`` (the
``plugin`` module of each game that ships, ``games/<name>/``) and in the ``PARLOUR_GAMES``
environment variable (comma-separated module names: a game installed from elsewhere) are
loaded the first time anyone asks for a game, and ``load(module)`` / ``register(plugin)``
add one at run time (the toy game's tests).
The core, the Discord adapter and the terminal read games only from here
(docs/ARCHITECTURE.md, "A game is a plug-in", lists what a game provides).

``rules`` cannot import the bot, so the engine layer keeps two indexes of its own that
registration fills: ``rules.GAMES`` (engines by name) and the AI's hooks
(``rules.ai.hooks.hooks_for``).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

import rules
from rules.ai.hooks import AIHooks, add_hooks, remove_hooks
from rules.lang import LANGUAGES
from rules.messages import Msg

from .core.daily_rules import check_code
from .i18n import add_catalog, before_lookup, remove_catalogs
from .i18n.terms import Worder, add_terms, remove_terms

if TYPE_CHECKING:
    from .core.daily_rules import DailyRule
    from .present.base import Presenter

# The games that ship, registered as any other plug-in: the packages of ``games/``
# (``rules.BUILT_IN``, the engine layer's list of them), each with its ``plugin`` module.
BUILT_IN = tuple(f"games.{package}.plugin" for package in rules.BUILT_IN)
ENV = "PARLOUR_GAMES"


@dataclass(frozen=True)
class GamePlugin:
    """Everything Parlour needs to offer one game."""

    game: rules.Game                    # the engine (docs/ENGINE.md)
    presenter: type[Presenter]          # view -> scene, in the reader's language
    ai: AIHooks | None = None           # None: only the random AI plays it
    # The title as players read it, marked N_ (default: the engine's title).
    title: str = ""
    # Other names a player may type for the game ("sergeant-major", "старшина"): any case,
    # spaces, hyphens and underscores are ignored.
    aliases: tuple[str, ...] = ()
    # The game's slash-command words - its command name and option names - marked
    # C_("command name", ...) so the catalogs hold their translations.
    command_words: tuple[str, ...] = ()
    # Each option's help on /table new, marked N_ (short: Discord allows 100 characters).
    option_help: Mapping[str, str] = field(default_factory=dict)
    # Option names and values as players read them, marked N_ ("au_cent" -> "au cent").
    words: Mapping[str, str] = field(default_factory=dict)
    # The rules texts: <name>.md in English, pl/<name>.md, ru/<name>.md (None: texts/ in
    # the engine's package).
    texts: Traversable | None = None
    # The plug-in's own translations, <code>.po per language (None: the project's catalog).
    catalogs: Path | None = None
    daily: DailyRule | None = None      # None: the game has no daily deal
    # Players in the sample positions (pictures, render benchmark); 0: the fewest.
    showcase_players: int = 0
    # The game's own kinds of ``rules.messages.Term`` in the reader's language ("claim":
    # Piquet's "kwinta do króla"): kind -> worder (bot/i18n/terms.py).
    terms: Mapping[str, Worder] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title_id(self) -> str:
        return self.title or self.game.title or self.game.name

    def rules_text(self, lang: str = "en") -> str:
        """The rules in Markdown, in ``lang`` (English where there is no text in it)."""
        if self.texts is None:
            return self.game.rules_text(lang)
        folder = self.texts / lang if lang in LANGUAGES and lang != "en" else self.texts
        page = folder / f"{self.name}.md"
        return (page if page.is_file() else self.texts / f"{self.name}.md").read_text("utf-8")

    def summary(self, lang: str = "en") -> str:
        """The first paragraph after the title of the rules text."""
        paras = [p.strip() for p in self.rules_text(lang).split("\n\n")
                 if p.strip() and not p.startswith("#")]
        return paras[0] if paras else self.title_id

    @property
    def players(self) -> int:
        """The player count of sample positions."""
        return self.showcase_players or min(self.game.player_counts({}))


_PLUGINS: dict[str, GamePlugin] = {}     # by game name, in the order registered
_MODULES: dict[str, str] = {}            # game name -> the module its plug-in came from
_ENGINES_ADDED: set[str] = set()        # engines registration put in rules.GAMES
_loading = False


def modules(env: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The plug-in modules loaded at start: the built-in ones, then ``PARLOUR_GAMES``'s."""
    extra = (os.environ if env is None else env).get(ENV, "")
    return BUILT_IN + tuple(m.strip() for m in extra.split(",") if m.strip())


def _ensure() -> dict[str, GamePlugin]:
    global _loading
    if not _loading:
        _loading = True
        try:
            for module in modules():
                _load(module)
        except BaseException:
            _loading = False   # a module that fails fails every lookup, not just the first
            raise
    return _PLUGINS


# A message looked up before any game was asked for finds the plug-ins' words too.
before_lookup(_ensure)


def load(module: str) -> GamePlugin:
    """Import ``module`` and register its ``PLUGIN`` (once); worker processes load it
    again by its name (``loaded_modules``)."""
    _ensure()
    return _load(module)


class GameModuleError(ValueError):
    """A game module (``BUILT_IN``, ``PARLOUR_GAMES``) cannot be loaded: the sentence
    names it and says why."""


def _load(module: str) -> GamePlugin:
    try:
        imported = importlib.import_module(module)
    except ImportError as e:
        raise GameModuleError(f"Cannot load the game module '{module}' (named in {ENV} or "
                              f"bot/plugins.py): {e}.") from e
    found = getattr(imported, "PLUGIN", None)
    if not isinstance(found, GamePlugin):
        raise GameModuleError(f"The game module '{module}' has no PLUGIN = GamePlugin(...).")
    if _MODULES.get(found.name) != module:
        _register(found)
        _MODULES[found.name] = module
    return found


def register(plugin: GamePlugin) -> GamePlugin:
    """Offer ``plugin``'s game: the bot, the terminal and the AI find it from now on.
    Commands are built when the bot starts: register before that."""
    _ensure()
    return _register(plugin)


def _register(plugin: GamePlugin) -> GamePlugin:
    name = plugin.name
    if name in _PLUGINS:
        raise ValueError(f"There is already a game called '{name}'.")
    if plugin.daily is not None:   # refuses a daily code another game has
        check_code(plugin.daily, {p.name: p.daily for p in _PLUGINS.values() if p.daily})
    add_terms(name, plugin.terms)   # refuses a term kind another game words
    added = name not in rules.GAMES
    try:
        rules.add_game(plugin.game, plugin.aliases)   # refuses a name or alias taken
    except BaseException:
        remove_terms(name)
        raise
    if added:
        _ENGINES_ADDED.add(name)
    if plugin.ai is not None:
        add_hooks(plugin.ai)
    if plugin.catalogs is not None:
        for po in sorted(plugin.catalogs.glob("*.po")):
            add_catalog(name, po.stem, po)
    _PLUGINS[name] = plugin
    return plugin


def unregister(name: str) -> None:
    """Take a game out again (tests that plug one in for a while)."""
    plugin = _PLUGINS.pop(name, None)
    _MODULES.pop(name, None)
    if plugin is None:
        return
    remove_catalogs(name)
    remove_terms(name)
    if plugin.ai is not None:
        remove_hooks(name)
    if name in _ENGINES_ADDED:
        _ENGINES_ADDED.discard(name)
        rules.remove_game(name)


@contextmanager
def installed(module: str) -> Iterator[GamePlugin]:
    """The game of ``module`` plugged in for the block (tests)."""
    plugin = load(module)
    try:
        yield plugin
    finally:
        unregister(plugin.name)


def plugins() -> tuple[GamePlugin, ...]:
    """Every game, in the order registered."""
    return tuple(_ensure().values())


def names() -> list[str]:
    """Every game's name, sorted."""
    return sorted(_ensure())


def get(name: str) -> GamePlugin:
    """The plug-in of the game called exactly ``name`` (an engine name); KeyError if none."""
    return _ensure()[name]


def engine(name: str) -> rules.Game:
    """The engine of the game called ``name`` (an engine name); KeyError if none."""
    return _ensure()[name].game


def find(typed: str) -> GamePlugin:
    """The game a player named: its name or an alias, in any case, with or without
    spaces, hyphens or underscores ("Sergeant Major"); ValueError naming the games if
    none."""
    found = _ensure().get(rules.get_game(typed).name)
    if found is None:   # an engine of rules.games without a plug-in
        raise ValueError(Msg("Unknown game '{name}'. Games: {games}.", name=typed,
                             games=", ".join(names())))
    return found


def option_word(key: str) -> str | None:
    """An option's name or value as words, marked for the catalogs (any game's: the
    same English key reads the same in every game), or None."""
    return next((p.words[key] for p in _ensure().values() if key in p.words), None)


def by_title(title: str) -> GamePlugin | None:
    """The game whose engine title is ``title`` (tables carry the title)."""
    return next((p for p in _ensure().values() if p.game.title == title), None)


def loaded_modules() -> tuple[str, ...]:
    """The modules of every game loaded by name, for a worker process to load too."""
    _ensure()
    return tuple(_MODULES.values())


def load_all(module_names: tuple[str, ...]) -> None:
    """In a worker process: load the games the bot has (``loaded_modules``)."""
    for module in module_names:
        load(module)

