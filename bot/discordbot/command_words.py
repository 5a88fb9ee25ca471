"""Slash-command and option names for the catalogs (context ``"command name"``).

discord.py builds names from the code (``/table new``...); these markers only put
each name in the catalogs so ``translator.CommandTranslator`` can localise it.  A new
command or option name: add it here, extract, translate.
"""

from __future__ import annotations

from ..i18n import C_, N_

NAMES = (
    C_("command name", "table"), C_("command name", "new"), C_("command name", "join"),
    C_("command name", "leave"), C_("command name", "start"), C_("command name", "cancel"),
    C_("command name", "status"), C_("command name", "ai-add"),
    C_("command name", "ai-remove"), C_("command name", "kick"), C_("command name", "hand"),
    C_("command name", "play"), C_("command name", "move"), C_("command name", "rules"),
    C_("command name", "leaderboard"), C_("command name", "stats"),
    C_("command name", "recent"), C_("command name", "settings"),
    C_("command name", "count"), C_("command name", "game"), C_("command name", "language"),
    C_("command name", "level"), C_("command name", "passes"), C_("command name", "pings"),
    C_("command name", "quotas"), C_("command name", "scope"),
    C_("command name", "show_total"), C_("command name", "stand-in"),
    C_("command name", "target"), C_("command name", "thirteen_value"),
    C_("command name", "turn-seconds"), C_("command name", "user"),
    C_("command name", "variant"), C_("command name", "pinkerton"),
    C_("command name", "piquet"), C_("command name", "coins"),
    C_("command name", "thirteens"), C_("command name", "starshina"),
    C_("command name", "pace"), C_("command name", "turn-hours"),
    C_("command name", "pictures"), C_("command name", "daily"),
    C_("command name", "mygames"), C_("command name", "season"), C_("command name", "info"),
    C_("command name", "length"), C_("command name", "days"),
    # Hints and reviews (issue 39).
    C_("command name", "review"), C_("command name", "seat"), C_("command name", "hints"),
    C_("command name", "on"),
)

# Descriptions and choice names, as the commands give them in English (the translator looks
# each up in the catalogs; one changed in a command without changing it here stays English).
TEXTS = (
    N_("Open, join and run the card table in this channel"),
    N_("Open a table for a game in this channel"),
    N_("Take a seat at the table in this channel"),
    N_("Leave the table (during a game the AI takes your seat)"),
    N_("Seat AI players (host or moderator)"), N_("How strong the AI plays"),
    N_("How many AI seats to add"), N_("Remove the last AI seat (host or moderator)"),
    N_("Deal and start the game (host or moderator)"),
    N_("End the table without a result (host or moderator)"),
    N_("Remove a player (host or moderator); the AI takes their seat in a game"),
    N_("The player to remove"), N_("Who sits here, whose turn it is, the options"),
    N_("Seconds per turn, 0 = no timer"),
    N_("AI for timeouts and empty seats"), N_("Ping players when their turn starts"),
    N_("The board's language"), N_("slow: hours a turn, over days"),
    N_("Hours a turn at a slow table"), N_("slow"),
    N_("A picture of the table on the board"),
    N_("The rules of a game (only you see them)"), N_("Which game"),
    N_("Top rated players of a game"), N_("This server (default) or everywhere"),
    N_("Ratings and records of a player"), N_("Whose stats (default: yours)"),
    N_("Recently finished games in this channel"),
    N_("Your cards and moves here (only you see them)"),
    N_("Make your move at the table in this channel"),
    N_("Your move, e.g. 'play QH' or 'discard 7C 8D' (start typing for a list)"),
    N_("Your settings: turn pings, and pictures of your hand"),
    N_("on: your hand panel and hand DMs show a picture of your cards (default); off: text "
       "only"),
    N_("on: a message mentions you when your turn starts (default); off: no mention"),
    N_("this server"), N_("everywhere"), N_("random"), N_("easy"), N_("normal"), N_("hard"),
    N_("the bot's"),
    N_("Rating seasons on this server"), N_("The running rating season on this server"),
    N_("Set how long this server's rating seasons last (server managers)"),
    N_("Days per season, 7 to 365; 0 = calendar months (the default)"),
    N_("All time (default), this season, or an earlier season (start typing for the list)"),
    N_("Today's deal, the same for everyone: play it privately, then compare"),
    N_("Which game: a whole game of Coins; one deal of the others, whose games are long"),
    N_("Your tables on this server, with links to their boards (only you see this)"),
    N_("The hard AI's review of a finished game (only you see it)"),
    N_("A finished game (default: your last one here)"),
    N_("An AI seat of that game to review instead of yours (1 = first)"),
    N_("Hints for every player here (host, in the lobby)"),
    N_("on: a Hint button on every hand panel"),
    # The engines' option help (``rules.Option.help``).
    N_("Passes a player may make; the pass that reaches this number puts them out of the "
       "round."),
    N_("Points that win the game, checked at the end of each round."),
    N_("Always show the pile's total (otherwise a player must ask for the count)."),
    N_("rubicon: the classic two-handed partie of six deals; au_cent: first to 100; normand: "
       "three players; a_quatre: two against two; auction: bid for tricks."),
    N_("Normand only: the game ends after the deal in which someone reaches this score."),
    N_("Coins needed to win; the game ends the moment a player reaches it."),
    N_("Points that end the game: play stops at the end of the hand in which someone has at "
       "least this many (10-200)."),
    N_("Points for each thirteen (a set of cards counting 13) in a trick you take (1-10)."),
    N_("starshina: give-and-return exchange, no trumps, stakes settled at the end; classic: "
       "Sergeant Major with up/down exchange, trumps, stakes every hand."),
    N_("Trick quotas of dealer, left of dealer and right of dealer."),
)
