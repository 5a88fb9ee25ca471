"""Checks of Discord's documented limits.

Every checker returns a list of human-readable problems (empty = fine); the
server turns them into recorded violations. They work on raw JSON payloads as
discord.py puts them on the wire, so they catch what the bot really sends.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any

# --- message limits -------------------------------------------------------
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
PLACEHOLDER_MAX = 150
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# --- interaction limits ---------------------------------------------------
AUTOCOMPLETE_CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
TEXT_INPUT_PLACEHOLDER_MAX = 100

# --- application command limits -------------------------------------------
COMMAND_NAME_MAX = 32
COMMAND_DESCRIPTION_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_CHOICES_MAX = 25
CHAT_INPUT_COMMANDS_MAX = 100
CONTEXT_MENU_COMMANDS_MAX = 5
COMMAND_TOTAL_CHARS_MAX = 4000

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = {3, 5, 6, 7, 8}
ACTION_ROW = 1
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
# Components V2 layout (https://discord.com/developers/docs/components/reference): what may
# sit at the top of a message and inside a container; a section holds 1-3 text displays
# and one accessory (a button or a thumbnail).
V2_TOP_LEVEL = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
V2_IN_CONTAINER = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR}
V2_ONLY = {SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
SECTION_TEXTS_MAX = 3


def _too_long(what: str, value: Any, limit: int) -> list[str]:
    if isinstance(value, str) and len(value) > limit:
        return [f"{what} is {len(value)} chars (max {limit})"]
    return []


def walk_components(components: Iterable[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including the ones nested in rows/containers/labels."""
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        yield comp
        yield from walk_components(comp.get("components"))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


# --------------------------------------------------------------------------
# messages
# --------------------------------------------------------------------------


def check_embeds(embeds: list[dict[str, Any]] | None) -> list[str]:
    problems: list[str] = []
    embeds = embeds or []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds (max {EMBEDS_MAX})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embed[{i}]"
        title = embed.get("title") or ""
        description = embed.get("description") or ""
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        problems += _too_long(f"{where}.title", title, EMBED_TITLE_MAX)
        problems += _too_long(f"{where}.description", description, EMBED_DESCRIPTION_MAX)
        problems += _too_long(f"{where}.footer.text", footer, EMBED_FOOTER_MAX)
        problems += _too_long(f"{where}.author.name", author, EMBED_AUTHOR_MAX)
        total += len(title) + len(description) + len(footer) + len(author)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"{where} has {len(fields)} fields (max {EMBED_FIELDS_MAX})")
        for j, field in enumerate(fields):
            name = str(field.get("name", ""))
            value = str(field.get("value", ""))
            if not name or not value:
                problems.append(f"{where}.fields[{j}] needs a non-empty name and value")
            problems += _too_long(f"{where}.fields[{j}].name", name, EMBED_FIELD_NAME_MAX)
            problems += _too_long(f"{where}.fields[{j}].value", value, EMBED_FIELD_VALUE_MAX)
            total += len(name) + len(value)
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds hold {total} chars in total (max {EMBED_TOTAL_MAX})")
    return problems


def _check_button(comp: dict[str, Any], where: str) -> list[str]:
    problems = _too_long(f"{where}.label", comp.get("label"), BUTTON_LABEL_MAX)
    style = comp.get("style")
    if style == 5:  # link button: url, no custom_id
        if not comp.get("url") or comp.get("custom_id"):
            problems.append(f"{where} link button needs url and no custom_id")
    elif style != 6 and not comp.get("custom_id"):  # 6 = premium (sku_id)
        problems.append(f"{where} button needs a custom_id")
    if not comp.get("label") and not comp.get("emoji") and style != 6:
        problems.append(f"{where} button needs a label or an emoji")
    return problems


def _check_select(comp: dict[str, Any], where: str) -> list[str]:
    problems = _too_long(f"{where}.placeholder", comp.get("placeholder"), PLACEHOLDER_MAX)
    min_values = comp.get("min_values", 1)
    max_values = comp.get("max_values", 1)
    if not 0 <= min_values <= 25 or not 1 <= max_values <= 25 or min_values > max_values:
        problems.append(f"{where} has bad min_values={min_values}/max_values={max_values}")
    if comp.get("type") == STRING_SELECT:
        options = comp.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            problems.append(f"{where} has {len(options)} options (1..{SELECT_OPTIONS_MAX})")
        if len(options) < min_values:
            problems.append(f"{where} has {len(options)} options < min_values={min_values}")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(f"{where} has duplicate option values")
        for k, opt in enumerate(options):
            for key in ("label", "value", "description"):
                problems += _too_long(f"{where}.options[{k}].{key}", opt.get(key),
                                      SELECT_OPTION_TEXT_MAX)
            if not opt.get("label") or not opt.get("value"):
                problems.append(f"{where}.options[{k}] needs a label and a value")
    return problems


def _check_action_row(row: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    children = row.get("components") or []
    if row.get("type") != ACTION_ROW:
        return [f"{where} is type {row.get('type')}, expected an action row"]
    if not children:
        problems.append(f"{where} is an empty action row")
    kinds = [c.get("type") for c in children]
    n_buttons = kinds.count(BUTTON)
    n_selects = sum(1 for k in kinds if k in SELECT_TYPES)
    if n_buttons > BUTTONS_PER_ROW_MAX:
        problems.append(f"{where} has {n_buttons} buttons (max {BUTTONS_PER_ROW_MAX})")
    if n_selects and len(children) > 1:
        problems.append(f"{where}: a select menu must be alone in its action row")
    return problems


def _check_v2_layout(components: list[dict[str, Any]]) -> list[str]:
    """Where each Components V2 type may appear, and what sections and containers hold."""
    problems: list[str] = []

    def check(comp: dict[str, Any], where: str, allowed: set[int]) -> None:
        kind = comp.get("type")
        if kind not in allowed:
            problems.append(f"{where}: a type {kind} component cannot be here")
            return
        children = comp.get("components") or []
        if kind == CONTAINER:
            if not children:
                problems.append(f"{where}: an empty container")
            accent = comp.get("accent_color")
            if accent is not None and not (isinstance(accent, int) and 0 <= accent <= 0xFFFFFF):
                problems.append(f"{where}: bad accent_color {accent!r}")
            for j, child in enumerate(children):
                check(child, f"{where}.components[{j}]", V2_IN_CONTAINER)
        elif kind == SECTION:
            if not 1 <= len(children) <= SECTION_TEXTS_MAX:
                problems.append(f"{where}: a section holds 1-{SECTION_TEXTS_MAX} text displays, "
                                f"not {len(children)}")
            for j, child in enumerate(children):
                check(child, f"{where}.components[{j}]", {TEXT_DISPLAY})
            accessory = comp.get("accessory")
            if not isinstance(accessory, dict) or accessory.get("type") not in (BUTTON, THUMBNAIL):
                problems.append(f"{where}: a section needs a button or thumbnail accessory")
        elif kind == TEXT_DISPLAY:
            if not isinstance(comp.get("content"), str) or not comp["content"]:
                problems.append(f"{where}: a text display needs content")
        elif kind == SEPARATOR:
            if comp.get("spacing", 1) not in (1, 2):
                problems.append(f"{where}: bad separator spacing {comp.get('spacing')!r}")

    for i, comp in enumerate(components):
        if isinstance(comp, dict):
            check(comp, f"component[{i}]", V2_TOP_LEVEL)
    return problems


def check_components(components: list[dict[str, Any]] | None, *, v2: bool = False) -> list[str]:
    """Row/nesting rules plus per-component text limits and custom_id uniqueness."""
    problems: list[str] = []
    components = components or []
    if not v2:
        if len(components) > ACTION_ROWS_MAX:
            problems.append(f"{len(components)} action rows (max {ACTION_ROWS_MAX})")
        for i, row in enumerate(components):
            if row.get("type") in V2_ONLY:
                problems.append(f"row[{i}]: type {row.get('type')} needs the IS_COMPONENTS_V2 "
                                "message flag")
                continue
            problems += _check_action_row(row, f"row[{i}]")
    else:
        everything = list(walk_components(components))
        if len(everything) > V2_COMPONENTS_MAX:
            problems.append(f"{len(everything)} components (max {V2_COMPONENTS_MAX})")
        text = sum(len(c.get("content") or "") for c in everything if c.get("type") == TEXT_DISPLAY)
        if text > V2_TEXT_MAX:
            problems.append(f"text displays hold {text} chars (max {V2_TEXT_MAX})")
        problems += _check_v2_layout(components)
        for i, comp in enumerate(everything):
            if comp.get("type") == ACTION_ROW:
                problems += _check_action_row(comp, f"component[{i}]")
    seen: set[str] = set()
    for i, comp in enumerate(walk_components(components)):
        where = f"component[{i}](type {comp.get('type')})"
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            problems += _too_long(f"{where}.custom_id", custom_id, CUSTOM_ID_MAX)
            if custom_id in seen:
                problems.append(f"{where}: duplicate custom_id {custom_id!r}")
            seen.add(custom_id)
        if comp.get("type") == BUTTON:
            problems += _check_button(comp, where)
        elif comp.get("type") in SELECT_TYPES:
            problems += _check_select(comp, where)
    return problems


def check_message(payload: dict[str, Any], *, partial: bool = False) -> list[str]:
    """Limits of a message create/edit body. ``partial`` = an edit (fields may be absent)."""
    problems: list[str] = []
    flags = payload.get("flags") or 0
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    content = payload.get("content")
    problems += _too_long("content", content, CONTENT_MAX)
    problems += check_embeds(payload.get("embeds"))
    problems += check_components(payload.get("components"), v2=v2)
    if v2 and (content or payload.get("embeds")):
        problems.append("a components-v2 message cannot have content or embeds")
    problems += check_attachments(payload)
    if not partial and not any(
        payload.get(key)
        for key in ("content", "embeds", "components", "attachments", "sticker_ids", "poll")
    ):
        problems.append("cannot send an empty message")
    return problems


ATTACHMENTS_MAX = 10
ATTACHMENT_SIZE_MAX = 10 * 1024 * 1024   # per file, without boosts
MEDIA_DESCRIPTION_MAX = 1024


def _media_urls(comp: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(url, description) of the media a component shows: gallery items, a thumbnail, a file."""
    for item in comp.get("items") or () if comp.get("type") == MEDIA_GALLERY else ():
        yield (item.get("media") or {}).get("url", ""), item.get("description")
    if comp.get("type") == THUMBNAIL:
        yield (comp.get("media") or {}).get("url", ""), comp.get("description")
    if comp.get("type") == FILE:
        yield (comp.get("file") or {}).get("url", ""), None


def check_attachments(payload: dict[str, Any]) -> list[str]:
    """The files of a message: at most ten, each within the size limit, and every
    ``attachment://name`` a component refers to names one of them.  ``attachments`` holds
    the message's files after the request: uploads (with their bytes) and kept ones."""
    problems: list[str] = []
    names = set()
    files = payload.get("attachments") or []
    if len(files) > ATTACHMENTS_MAX:
        problems.append(f"{len(files)} attachments (at most {ATTACHMENTS_MAX})")
    for f in files:
        name = f.get("filename") if isinstance(f, dict) else f.filename
        size = f.get("size") if isinstance(f, dict) else len(f.data)
        names.add(name)
        if size is not None and size > ATTACHMENT_SIZE_MAX:
            problems.append(f"attachment {name} is {size} bytes (at most {ATTACHMENT_SIZE_MAX})")
    for comp in walk_components(payload.get("components")):
        for url, description in _media_urls(comp):
            if url.startswith("attachment://") and url[len("attachment://"):] not in names:
                problems.append(f"{url} names no file of the message")
            problems += _too_long("media description", description, MEDIA_DESCRIPTION_MAX)
    return problems


def check_modal(data: dict[str, Any]) -> list[str]:
    problems = _too_long("modal title", data.get("title"), MODAL_TITLE_MAX)
    problems += _too_long("modal custom_id", data.get("custom_id"), CUSTOM_ID_MAX)
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        problems.append(f"modal has {len(components)} components (1..{MODAL_COMPONENTS_MAX})")
    for comp in walk_components(components):
        if comp.get("type") == TEXT_INPUT:
            problems += _too_long("text input label", comp.get("label"), TEXT_INPUT_LABEL_MAX)
            problems += _too_long("text input value", comp.get("value"), TEXT_INPUT_VALUE_MAX)
            problems += _too_long("text input placeholder", comp.get("placeholder"),
                                  TEXT_INPUT_PLACEHOLDER_MAX)
            problems += _too_long("text input custom_id", comp.get("custom_id"), CUSTOM_ID_MAX)
    return problems


def check_autocomplete(choices: list[dict[str, Any]] | None) -> list[str]:
    problems: list[str] = []
    choices = choices or []
    if len(choices) > AUTOCOMPLETE_CHOICES_MAX:
        problems.append(f"{len(choices)} autocomplete choices (max {AUTOCOMPLETE_CHOICES_MAX})")
    problems += _check_choices(choices, "autocomplete")
    return problems


# --------------------------------------------------------------------------
# application commands
# --------------------------------------------------------------------------

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, NUMBER = 3, 4, 10
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
PRIMARY_ENTRY_POINT = 4          # the Activity's command in the App Launcher
APP_HANDLER, DISCORD_LAUNCH_ACTIVITY = 1, 2   # who answers an Entry Point command


def valid_name(name: Any, *, lowercase: bool = True) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` (lowercase where possible)."""
    if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME_MAX:
        return False
    for ch in name:
        category = unicodedata.category(ch)
        # Devanagari/Thai combining marks are allowed by the \p{sc=...} classes.
        if ch not in "-_" and category[0] not in "LN" and category[0] != "M":
            return False
        if lowercase and ch.lower() != ch:
            return False
    return True


def _check_choices(choices: list[dict[str, Any]], where: str) -> list[str]:
    problems: list[str] = []
    for i, choice in enumerate(choices):
        name = choice.get("name")
        value = choice.get("value")
        if not isinstance(name, str) or not 1 <= len(name) <= CHOICE_TEXT_MAX:
            problems.append(f"{where} choice[{i}] name must be 1..{CHOICE_TEXT_MAX} chars")
        if isinstance(value, str) and len(value) > CHOICE_TEXT_MAX:
            problems.append(f"{where} choice[{i}] value is {len(value)} chars "
                            f"(max {CHOICE_TEXT_MAX})")
    return problems


def _check_options(options: list[dict[str, Any]], where: str, depth: int) -> list[str]:
    """``depth`` 0 = command level, 1 = inside a group/subcommand, 2 = inside group's sub."""
    problems: list[str] = []
    if len(options) > COMMAND_OPTIONS_MAX:
        problems.append(f"{where} has {len(options)} options (max {COMMAND_OPTIONS_MAX})")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where} has duplicate option names")
    kinds = [o.get("type") for o in options]
    subs = [k for k in kinds if k in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs and len(subs) != len(kinds):
        problems.append(f"{where} mixes subcommands with plain options")
    seen_optional = False
    for opt in options:
        kind = opt.get("type")
        name = opt.get("name")
        here = f"{where}.{name}"
        if not valid_name(name):
            problems.append(f"{here}: invalid option name {name!r}")
        description = opt.get("description")
        if not isinstance(description, str) or not 1 <= len(description) <= 100:
            problems.append(f"{here}: description must be 1..100 chars")
        if kind == SUB_COMMAND_GROUP:
            if depth != 0:
                problems.append(f"{here}: subcommand groups can only be at the top level")
            if any(o.get("type") != SUB_COMMAND for o in opt.get("options") or []):
                problems.append(f"{here}: a group may only contain subcommands")
            problems += _check_options(opt.get("options") or [], here, depth + 1)
            continue
        if kind == SUB_COMMAND:
            if depth > 1:
                problems.append(f"{here}: subcommands nested too deep")
            problems += _check_options(opt.get("options") or [], here, 2)
            continue
        if not isinstance(kind, int) or not 3 <= kind <= 11:
            problems.append(f"{here}: unknown option type {kind!r}")
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{here}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if choices:
            if kind not in (STRING, INTEGER, NUMBER):
                problems.append(f"{here}: choices only allowed on string/integer/number")
            if opt.get("autocomplete"):
                problems.append(f"{here}: autocomplete cannot be combined with choices")
            if len(choices) > COMMAND_CHOICES_MAX:
                problems.append(f"{here} has {len(choices)} choices (max {COMMAND_CHOICES_MAX})")
            problems += _check_choices(choices, here)
        if opt.get("autocomplete") and kind not in (STRING, INTEGER, NUMBER):
            problems.append(f"{here}: autocomplete only allowed on string/integer/number")
        if ("min_value" in opt or "max_value" in opt) and kind not in (INTEGER, NUMBER):
            problems.append(f"{here}: min/max_value only allowed on integer/number")
        for key, low in (("min_length", 0), ("max_length", 1)):
            if key in opt and (kind != STRING or not low <= int(opt[key]) <= 6000):
                problems.append(f"{here}: bad {key}")
    return problems


def _longest(node: dict[str, Any], key: str) -> int:
    """Discord counts only the longest of a field's default and its localisations."""
    values = [node.get(key) or ""] + list((node.get(f"{key}_localizations") or {}).values())
    return max(len(str(v)) for v in values)


def _command_chars(cmd: dict[str, Any]) -> int:
    """Characters counted towards the 4000 total: names, descriptions, choice names/values,
    each in its longest localisation."""
    total = _longest(cmd, "name") + _longest(cmd, "description")
    for opt in cmd.get("options") or []:
        total += _command_chars(opt)
        for choice in opt.get("choices") or []:
            total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total


def check_command(cmd: dict[str, Any]) -> list[str]:
    kind = cmd.get("type", CHAT_INPUT)
    name = cmd.get("name")
    where = f"command {name!r}"
    problems: list[str] = []
    description = cmd.get("description", "")
    if kind == CHAT_INPUT:
        if not valid_name(name):
            problems.append(f"{where}: invalid name (must match ^[-_\\p{{L}}\\p{{N}}]{{1,32}}$, "
                            "lowercase)")
        if not isinstance(description, str) or not 1 <= len(description) <= 100:
            problems.append(f"{where}: description must be 1..100 chars")
        problems += _check_options(cmd.get("options") or [], where, 0)
    elif kind in (USER_COMMAND, MESSAGE_COMMAND):
        if not isinstance(name, str) or not 1 <= len(name) <= COMMAND_NAME_MAX:
            problems.append(f"{where}: name must be 1..32 chars")
        if description:
            problems.append(f"{where}: context menu commands must have an empty description")
        if cmd.get("options"):
            problems.append(f"{where}: context menu commands cannot have options")
    elif kind == PRIMARY_ENTRY_POINT:
        if not valid_name(name):
            problems.append(f"{where}: invalid name")
        if not isinstance(description, str) or not 1 <= len(description) <= 100:
            problems.append(f"{where}: description must be 1..100 chars")
        if cmd.get("handler") not in (APP_HANDLER, DISCORD_LAUNCH_ACTIVITY):
            problems.append(f"{where}: an Entry Point command needs a handler (1 or 2)")
        if cmd.get("options"):
            problems.append(f"{where}: an Entry Point command cannot have options")
    else:
        problems.append(f"{where}: unknown command type {kind!r}")
    if _command_chars(cmd) > COMMAND_TOTAL_CHARS_MAX:
        problems.append(f"{where}: more than {COMMAND_TOTAL_CHARS_MAX} chars in total")
    return problems


def check_commands(commands: list[dict[str, Any]]) -> list[str]:
    """A whole bulk-overwrite body (one scope: global or one guild)."""
    problems: list[str] = []
    by_type: dict[int, list[str]] = {}
    for cmd in commands:
        problems += check_command(cmd)
        by_type.setdefault(cmd.get("type", CHAT_INPUT), []).append(cmd.get("name"))
    for kind, names in by_type.items():
        limit = CHAT_INPUT_COMMANDS_MAX if kind == CHAT_INPUT else \
            1 if kind == PRIMARY_ENTRY_POINT else CONTEXT_MENU_COMMANDS_MAX
        if len(names) > limit:
            problems.append(f"{len(names)} commands of type {kind} (max {limit})")
        if len(set(names)) != len(names):
            problems.append(f"duplicate command names of type {kind}")
    return problems
