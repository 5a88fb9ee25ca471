"""What a Discord client would show, drawn from the fake's messages: for the docs' screenshots.

``channel_html`` lays out messages the way Discord's dark theme does (author, time, Markdown
content, embeds, uploaded pictures, buttons and selects, Components V2 containers), and
``screenshot`` turns the page into a PNG with headless Chromium (Debian's ``chromium``; the
screenshots are made by hand for the docs, never in the tests).  Set
``fake.recorder.keep_files = True`` before the messages are sent, so pictures can be shown.
"""

from __future__ import annotations

import base64
import html
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .recorder import StoredMessage
from .server import FakeDiscord

CSS = """
body { background:#313338; color:#dbdee1; font-family:'DejaVu Sans',sans-serif; font-size:15px;
       margin:0; padding:12px 16px; width:%(width)dpx; }
.head { color:#f2f3f5; font-weight:bold; font-size:16px; padding:4px 0 12px;
        border-bottom:1px solid #3f4147; margin-bottom:10px; }
.head .hash { color:#80848e; margin-right:6px; }
.msg { display:flex; margin:10px 0; }
.avatar { width:40px; height:40px; border-radius:50%%; flex:none; margin-right:14px;
          display:flex; align-items:center; justify-content:center; color:white;
          font-weight:bold; }
.body { min-width:0; flex:1; }
.author { color:#f2f3f5; font-weight:600; }
.bot { background:#5865f2; color:white; font-size:10px; border-radius:3px; padding:1px 4px;
       margin-left:5px; vertical-align:2px; }
.time { color:#949ba4; font-size:12px; margin-left:6px; }
.eph { color:#949ba4; font-size:12px; margin-top:4px; }
.content { white-space:pre-wrap; line-height:1.375; }
.mention { background:rgba(88,101,242,.3); color:#c9cdfb; border-radius:3px; padding:0 2px; }
code { background:#2b2d31; border-radius:3px; padding:0 3px; font-size:13px; }
pre { background:#2b2d31; border:1px solid #1e1f22; border-radius:4px; padding:8px;
      font-size:13px; white-space:pre; margin:4px 0; }
.embed { border-left:4px solid #5865f2; background:#2b2d31; border-radius:4px; padding:8px 12px;
         margin-top:4px; max-width:520px; }
.embed .title { font-weight:bold; color:#f2f3f5; margin-bottom:4px; }
.container { border-left:4px solid #4e5058; background:#2b2d31; border-radius:8px;
             padding:12px; margin-top:4px; max-width:%(inner)dpx; }
.container.accent { border-left-color:%(accent)s; }
img.pic { max-width:%(inner)dpx; border-radius:6px; display:block; margin-top:6px; }
.row { display:flex; flex-wrap:wrap; gap:8px; margin-top:8px; }
.btn { border-radius:4px; padding:6px 14px; font-size:14px; color:white; }
.s1 { background:#5865f2; } .s2 { background:#4e5058; } .s3 { background:#248046; }
.s4 { background:#da373c; } .s5 { background:#4e5058; }
.select { background:#1e1f22; border:1px solid #1e1f22; border-radius:4px; padding:8px 10px;
          color:#949ba4; width:%(select)dpx; }
.sep { border-top:1px solid #3f4147; margin:8px 0; }
.thread { color:#00a8fc; }
.threads { margin:8px 0 0 54px; border-left:2px solid #4e5058; padding-left:10px; }
.threads div { color:#f2f3f5; margin:3px 0; }
"""

_COLOURS = ("#5865f2", "#eb459e", "#57f287", "#fee75c", "#ed4245", "#3ba55c", "#faa61a")
# The client's own words around the messages, in the reader's Discord language.
_CLIENT = {"en": ("Today at 20:15", "Only you can see this"),
           "pl": ("Dzisiaj o 20:15", "Tylko Ty widzisz tę wiadomość"),
           "ru": ("Сегодня, в 20:15", "Это сообщение видите только вы")}


def channel_html(fake: FakeDiscord, messages: Iterable[StoredMessage], *, title: str,
                 width: int = 820, threads: Sequence[str] = (), accent: str = "#1e5c3c",
                 client: str = "en") -> str:
    """``client``: the language of the Discord client around the messages (its clock and
    "Only you can see this")."""
    parts = [f'<div class="head"><span class="hash">#</span>{html.escape(title)}</div>']
    for msg in messages:
        parts.append(_message(fake, msg, _CLIENT[client]))
    if threads:
        parts.append('<div class="threads">' + "".join(
            f"<div>🧵 {html.escape(t)}</div>" for t in threads) + "</div>")
    css = CSS % {"width": width, "inner": width - 90, "select": min(400, width - 120),
                 "accent": accent}
    return f"<html><head><meta charset='utf-8'><style>{css}</style></head><body>" + \
        "".join(parts) + "</body></html>"


def _message(fake: FakeDiscord, msg: StoredMessage, client: tuple[str, str]) -> str:
    author = fake.world.users.get(msg.author_id)
    name = (author.global_name or author.username) if author else "?"
    colour = _COLOURS[msg.author_id % len(_COLOURS)]
    is_bot = bool(author and author.bot)
    out = [f'<div class="msg"><div class="avatar" style="background:{colour}">'
           f'{html.escape(name[:1].upper())}</div><div class="body">'
           f'<div><span class="author">{html.escape(name)}</span>'
           + ('<span class="bot">APP</span>' if is_bot else "")
           + f'<span class="time">{client[0]}</span></div>']
    if msg.content:
        out.append(f'<div class="content">{_markdown(fake, msg.content)}</div>')
    for embed in msg.embeds:
        out.append('<div class="embed">')
        if embed.get("title"):
            out.append(f'<div class="title">{_markdown(fake, embed["title"])}</div>')
        if embed.get("description"):
            out.append(f'<div class="content">{_markdown(fake, embed["description"])}</div>')
        out.append("</div>")
    attachments = {a["filename"]: a for a in msg.payload.get("attachments") or []}
    out.append(_components(fake, msg.components, attachments))
    shown = _shown_files(msg.components)
    for att in attachments.values():
        if att["filename"] not in shown:
            out.append(_image(fake, att))
    if msg.ephemeral_to is not None:
        out.append(f'<div class="eph">👁 {client[1]}</div>')
    out.append("</div></div>")
    return "".join(out)


def _shown_files(components: list[dict[str, Any]]) -> set[str]:
    found = set()
    for comp in components:
        for item in comp.get("items") or []:
            url = (item.get("media") or {}).get("url", "")
            found.add(url.removeprefix("attachment://"))
        found |= _shown_files(comp.get("components") or [])
        acc = comp.get("accessory")
        if acc and (acc.get("media") or {}).get("url"):
            found.add(acc["media"]["url"].removeprefix("attachment://"))
    return found


def _image(fake: FakeDiscord, att: dict[str, Any]) -> str:
    data = fake.recorder.files.get(att["id"])
    if data is None:
        return f'<div class="content">📎 {html.escape(att["filename"])}</div>'
    uri = "data:image/png;base64," + base64.b64encode(data).decode()
    return f'<img class="pic" src="{uri}">'


def _components(fake: FakeDiscord, components: list[dict[str, Any]],
                attachments: dict[str, dict[str, Any]]) -> str:
    out = []
    for comp in components:
        kind = comp.get("type")
        if kind == 1:      # action row
            out.append('<div class="row">' + "".join(
                _control(c) for c in comp.get("components") or []) + "</div>")
        elif kind == 17:   # container
            out.append('<div class="container accent">'
                       + _components(fake, comp.get("components") or [], attachments) + "</div>")
        elif kind == 10:   # text display
            out.append(f'<div class="content">{_markdown(fake, comp.get("content", ""))}</div>')
        elif kind == 9:    # section: texts and an accessory
            out.append(_components(fake, comp.get("components") or [], attachments))
            acc = comp.get("accessory")
            if acc and acc.get("type") == 2:
                out.append('<div class="row">' + _control(acc) + "</div>")
        elif kind == 12:   # media gallery
            for item in comp.get("items") or []:
                name = (item.get("media") or {}).get("url", "").removeprefix("attachment://")
                if name in attachments:
                    out.append(_image(fake, attachments[name]))
        elif kind == 14:   # separator
            out.append('<div class="sep"></div>')
        elif kind in (2, 3, 5, 6, 7, 8):
            out.append('<div class="row">' + _control(comp) + "</div>")
    return "".join(out)


def _control(comp: dict[str, Any]) -> str:
    if comp.get("type") == 2:
        emoji = (comp.get("emoji") or {}).get("name") or ""
        label = html.escape(f"{emoji} {comp.get('label') or ''}".strip())
        return f'<span class="btn s{comp.get("style", 2)}">{label}</span>'
    placeholder = html.escape(comp.get("placeholder") or "Make a selection")
    return f'<span class="select">{placeholder} ▾</span>'


_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\*)")
_CODE = re.compile(r"`([^`\n]+)`")
_USER = re.compile(r"&lt;@!?(\d+)&gt;")
_CHANNEL = re.compile(r"&lt;#(\d+)&gt;")
_TIME = re.compile(r"&lt;t:(\d+):\w&gt;")
_HEADING = re.compile(r"^(#{1,3}) (.*)$", re.M)
_SMALL = re.compile(r"^-# (.*)$", re.M)


def _markdown(fake: FakeDiscord, text: str) -> str:
    blocks = text.split("```")
    out = []
    for i, block in enumerate(blocks):
        if i % 2:
            out.append(f"<pre>{html.escape(block.strip(chr(10)))}</pre>")
            continue
        t = html.escape(block)
        t = _SMALL.sub(lambda m: f'<span style="font-size:12px;color:#949ba4">{m[1]}</span>', t)
        t = _HEADING.sub(lambda m: f'<span style="font-size:{22 - 2 * len(m[1])}px;'
                                   f'font-weight:bold;color:#f2f3f5">{m[2]}</span>', t)
        t = _BOLD.sub(r"<b>\1</b>", t)
        t = _ITALIC.sub(r"<i>\1</i>", t)
        t = _CODE.sub(r"<code>\1</code>", t)
        t = _USER.sub(lambda m: '<span class="mention">@'
                      + html.escape(_user_name(fake, int(m[1]))) + "</span>", t)
        t = _CHANNEL.sub(lambda m: '<span class="mention thread">#'
                         + html.escape(_channel_name(fake, int(m[1]))) + "</span>", t)
        t = _TIME.sub("in 30 minutes", t)
        t = t.replace("\\", "")
        out.append(t)
    return "".join(out)


def _user_name(fake: FakeDiscord, user_id: int) -> str:
    user = fake.world.users.get(user_id)
    return (user.global_name or user.username) if user else str(user_id)


def _channel_name(fake: FakeDiscord, channel_id: int) -> str:
    channel = fake.world.channels.get(channel_id)
    return channel.name if channel else str(channel_id)


def screenshot(page: str, out: Path, *, width: int = 860, height: int = 900) -> Path:
    """The page as a PNG by headless Chromium, cropped to what it shows."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise RuntimeError("screenshots need Debian's chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "page.html"
        src.write_text(page, encoding="utf-8")
        profile = Path(tmp) / "profile"
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-quic", "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                        f"--user-data-dir={profile}", f"--window-size={width},{height}",
                        f"--screenshot={out}", src.as_uri()],
                       check=True, capture_output=True, timeout=120)
    _crop(out)
    return out


def _crop(path: Path) -> None:
    """Cut the empty background below the last message."""
    from PIL import Image
    img = Image.open(path).convert("RGB")
    bg = img.getpixel((img.width - 2, img.height - 2))
    bottom = img.height
    for y in range(img.height - 1, 0, -1):
        row = img.crop((0, y, img.width, y + 1))
        if any(p != bg for p in row.getdata()):
            bottom = min(img.height, y + 16)
            break
    img.crop((0, 0, img.width, bottom)).save(path, optimize=True)
