"""Writes the teacher's guide (docs/teaching.md) as a page of the release, which the app links to
from its shortcut list, its "How it works" panels and the lesson builder, so a teacher never
needs the repository. Run by scripts/release.sh in Trunk's staging folder:

    python3 guide_page.py SOURCE_DIR OUT_DIR

prints the page's file name. The page and its pictures are named by their content, as every
file of a release is. App links written as code (`#/sliding?size=3`) become links into the app;
links to the other guides, which live in the repository only, name the file in words.
"""

import hashlib
import html
import re
import sys
from pathlib import Path

import markdown

STYLE = """
:root { color-scheme: light dark; --fg: #111; --bg: #fff; --line: #ccd; --accent: #0b4fb3; }
@media (prefers-color-scheme: dark) { :root { --fg: #eee; --bg: #15171c; --line: #445; --accent: #8ab8ff; } }
body { font: 1.15rem/1.55 system-ui, sans-serif; color: var(--fg); background: var(--bg);
  max-width: 50rem; margin: 0 auto; padding: 1rem 1.2rem 4rem; overflow-wrap: anywhere; }
a { color: var(--accent); }
img { max-width: 100%; height: auto; border: 1px solid var(--line); }
code, kbd { font-size: 0.95em; }
pre { overflow-x: auto; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; }
.back { display: inline-block; margin: 0.5rem 0 1rem; font-weight: 700; }
"""

# No script at all; pictures and styles from this page and its origin only.
POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def main(source_dir: str, out_dir: str) -> None:
    source, out = Path(source_dir), Path(out_dir)
    guide = source / "docs" / "teaching.md"
    text = guide.read_text(encoding="utf-8")

    def picture(match: re.Match) -> str:
        alt, path = match.group(1), match.group(2)
        data = (guide.parent / path).read_bytes()
        name = f"guide-{Path(path).stem}-{digest(data)}.png"
        (out / name).write_bytes(data)
        return f"![{alt}]({name})"

    text = re.sub(r"!\[([^\]]*)\]\(([^)\s]+\.png)\)", picture, text)
    # A link to another guide names it, as a file of Puzzle Lab's repository.
    def other_guide(match: re.Match) -> str:
        words, file = match.group(1), f"docs/{match.group(2)}"
        return f"`{file}` in Puzzle Lab's repository" if words == match.group(2) else f"{words} (`{file}`)"

    text = re.sub(r"\[([^\]]+)\]\((\w+\.md)(#[\w-]+)?\)", other_guide, text)
    # An app link shown as code opens in the app.
    text = re.sub(r"`(#/[a-z][^`\s…]*)`", lambda m: f"[`{m.group(1)}`](./{m.group(1)})", text)
    body = markdown.markdown(text, extensions=["tables", "fenced_code", "toc"])
    title = re.search(r"^# (.+)$", text, re.M).group(1)
    page = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<title>{html.escape(title)} · Puzzle Lab</title>
<style>{STYLE}</style>
</head>
<body>
<a class="back" href="./">← Puzzle Lab</a>
<main>
{body}
</main>
</body>
</html>
"""
    data = page.encode("utf-8")
    name = f"teaching-{digest(data)}.html"
    (out / name).write_bytes(data)
    print(name)


if __name__ == "__main__":
    main(*sys.argv[1:3])
