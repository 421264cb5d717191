"""A report as a small document model (headings, paragraphs, tables, images), rendered to
Markdown (``summary.md``) and to one HTML page (``index.html``)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Doc:
    """Blocks in order: ``("h", level, text)``, ``("p", text)``, ``("table", headers, rows)``,
    ``("img", file, alt)``."""

    blocks: list[tuple[Any, ...]] = field(default_factory=list)

    def h(self, level: int, text: str) -> None:
        self.blocks.append(("h", level, text))

    def p(self, text: str) -> None:
        self.blocks.append(("p", text))

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        self.blocks.append(("table", list(headers), [list(map(str, r)) for r in rows]))

    def img(self, file: str, alt: str) -> None:
        self.blocks.append(("img", file, alt))

    def markdown(self) -> str:
        out: list[str] = []
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                out.append("#" * block[1] + " " + block[2])
            elif kind == "p":
                out.append(block[1])
            elif kind == "table":
                headers, rows = block[1], block[2]
                out.append("| " + " | ".join(headers) + " |")
                out.append("|" + "|".join(" --- " for _ in headers) + "|")
                out += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
            elif kind == "img":
                out.append(f"![{block[2]}]({block[1]})")
            out.append("")
        return "\n".join(out)

    def html(self, title: str) -> str:
        body: list[str] = []
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                level = min(block[1], 6)
                body.append(f"<h{level}>{html.escape(block[2])}</h{level}>")
            elif kind == "p":
                body.append(f"<p>{_inline_html(block[1])}</p>")
            elif kind == "table":
                head = "".join(f"<th>{html.escape(h)}</th>" for h in block[1])
                rows = "".join(
                    "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
                    for r in block[2]
                )
                body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
            elif kind == "img":
                src, alt = html.escape(block[1]), html.escape(block[2])
                body.append(f'<figure><a href="{src}"><img src="{src}" alt="{alt}"></a></figure>')
        return _HTML.format(title=html.escape(title), body="\n".join(body))


def _inline_html(text: str) -> str:
    """Escape ``text`` and turn Markdown ``**bold**`` and backticks into tags."""
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }}
h1 {{ border-bottom: 2px solid #ccc; }}
h2 {{ margin-top: 2.5rem; border-bottom: 1px solid #ddd; }}
table {{ border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.92rem; }}
th, td {{ border: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: right; }}
th {{ background: #f3f3f3; }}
td:first-child, th:first-child {{ text-align: left; }}
figure {{ margin: 0.5rem 0 1.5rem; }}
img {{ max-width: 100%; border: 1px solid #eee; }}
code {{ background: #f3f3f3; padding: 0 0.2rem; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""
