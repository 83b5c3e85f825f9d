"""hukm's docstrings (reStructuredText habits, doctest examples) as Markdown, for the API
reference (``griffe_docstrings``, the extension that applies it while the site builds):

* ``>>>`` examples become ``pycon`` code blocks;
* ``:class:`hukm.X``` and the other roles become code linked to the object's entry when
  the reference documents it (plain code otherwise);
* a paragraph ending in ``::`` introduces an indented literal block, kept as code.
"""

from __future__ import annotations

import re


_ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):`~?([^`]+)`")


def _link(match: re.Match[str]) -> str:
    name = match.group(1)
    target = name if name.startswith("hukm") else f"hukm.{name}"
    return f'<autoref identifier="{target}" optional><code>{name}</code></autoref>'


def markdown(text: str) -> str:
    """A docstring's text as Markdown."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
                block.append(lines[i][len(indent):])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [indent + "```pycon", *(indent + b for b in block), indent + "```", ""]
            continue
        if stripped.endswith("::") and not stripped.startswith(".."):
            out.append(_ROLE.sub(_link, line[:-1]))
            i += 1
            block = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" ")):
                block.append(lines[i])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            body = [b for b in block]
            while body and not body[0].strip():
                body.pop(0)
            pad = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
            out += ["", "```text", *(b[pad:] for b in body), "```", ""]
            continue
        out.append(_ROLE.sub(_link, line))
        i += 1
    return "\n".join(out)
