"""Puts the app's starter (static/app_start.js) into the page itself, so that it asks for the
page's bundle as soon as the page is read instead of one round trip later, and lets the page's
Content-Security-Policy run that one inline script by its SHA-256 hash (no other inline script
runs). Run by scripts/release.sh in Trunk's staging folder, and by scripts/quick.sh after it
edits the starter:

    python3 inline_starter.py index.html [app_start.js]

With the starter's file, moves the page's `<script … src=…app_start.js…>` to right after the
policy, as a classic script with the starter inline (and deletes the file); without it, only writes the hash of the inline starter again.
"""

import base64
import hashlib
import re
import sys
from pathlib import Path

STARTER = re.compile(r"<script([^>]*) src=\"?[^ >\"]*app_start\.js\"?([^>]*)></script>")
# The policy's tag, as written or as the minifier writes it; the starter goes right after it.
POLICY_TAG = re.compile(r"<meta[^>]*Content-Security-Policy[^>]*>")
INLINE = re.compile(r"(<script[^>]*data-app[^>]*>)(.*?)(</script>)", re.S)
POLICY = re.compile(r"script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?")


def with_hash(page: str) -> str:
    """The page with its policy allowing the inline starter it holds, and no other."""
    code = INLINE.search(page).group(2)
    digest = base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
    page, found = POLICY.subn(f"script-src 'self' 'sha256-{digest}'", page)
    if found != 1:
        sys.exit("inline_starter.py: the page has no Content-Security-Policy with script-src 'self'")
    return page


def main() -> None:
    page_file = Path(sys.argv[1])
    page = page_file.read_text()
    if len(sys.argv) > 2:
        starter_file = Path(sys.argv[2])
        code = starter_file.read_text()
        tag = STARTER.search(page)
        if not tag:
            sys.exit("inline_starter.py: the page does not load app_start.js")
        attributes = (tag.group(1) + tag.group(2)).replace(" type=module", "").replace(' type="module"', "")
        page = page[: tag.start()] + page[tag.end() :]
        policy = POLICY_TAG.search(page)
        if not policy:
            sys.exit("inline_starter.py: the page has no Content-Security-Policy")
        inline = f"<script{attributes}>{code}</script>"
        page = page[: policy.end()] + inline + page[policy.end() :]
        starter_file.unlink()
    page_file.write_text(with_hash(page))


main()
