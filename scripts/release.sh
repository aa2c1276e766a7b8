#!/bin/sh
# Trunk's post-build step (Trunk.toml): names the solver worker's files by their content, as
# Trunk names the app's, and writes what the app and the service worker need to keep to one
# release: its id and its worker's loader (in index.html and the loader) and its file list
# (in sw.js). Runs in Trunk's staging folder, before it becomes dist/.
set -eu
source_dir=$(pwd)
cd "${TRUNK_STAGING_DIR:?run by Trunk after a build (see Trunk.toml)}"

digest() { sha256sum | cut -c1-16; }

. "$source_dir/scripts/set_line.sh"

# Each worker build's script and wasm, named by a digest of both, and the wasm's size (the
# loader says how much of it has arrived).
builds=""
for build in worker-simd worker; do
  hash=$(cat "$build.js" "${build}_bg.wasm" | digest)
  size=$(wc -c < "${build}_bg.wasm")
  mv "$build.js" "$build-$hash.js"
  mv "${build}_bg.wasm" "$build-${hash}_bg.wasm"
  builds="$builds\"$build\": [\"$build-$hash.js\", \"$build-${hash}_bg.wasm\", $size], "
done

# The lessons bundle's script and wasm, named the same way, and its loader.
hash=$(cat lessons.js lessons_bg.wasm | digest)
mv lessons.js "lessons-$hash.js"
mv lessons_bg.wasm "lessons-${hash}_bg.wasm"
set_line lessons_loader.js "var LESSONS = " "var LESSONS = [\"lessons-$hash.js\", \"lessons-${hash}_bg.wasm\"];"
lessons="lessons_loader-$(digest < lessons_loader.js).js"
mv lessons_loader.js "$lessons"

# On a release build (unless PUZZLELAB_NO_PAGE_BUNDLES is set: scripts/serve.sh), each page's
# own app bundle and solver worker besides the ones with every page (scripts/page_bundles.sh):
# the bundles listed in the app's starter (static/app_start.js), which goes into the page
# itself, the workers in the solver's loader (below).
pages=""
if [ "${TRUNK_PROFILE:-}" = release ] && [ -z "${PUZZLELAB_NO_PAGE_BUNDLES:-}" ]; then
  pages=$(TRUNK_SOURCE_DIR="$source_dir" sh "$source_dir/scripts/page_bundles.sh")
fi
apps=$(echo "$pages" | sed -n 's/^app //p' | tr -d '\n' | sed 's/, *$//')
set_line app_start.js "const PAGES = " "const PAGES = { $apps };"
python3 "$source_dir/scripts/inline_starter.py" index.html app_start.js

# The install icons, named the same way, in the web app manifest (which keeps its name: a
# browser knows an installed app by it) and in index.html (quoted, or as the minifier writes it).
for icon in icon-192 icon-512 icon-maskable-512; do
  named="$icon-$(digest < "$icon.png").png"
  mv "$icon.png" "$named"
  sed -i -e "s|\"$icon\.png\"|\"$named\"|" manifest.webmanifest
  sed -i -e "s|\([=\"]\)$icon\.png|\1$named|" index.html
done
grep -q "icon-192-" manifest.webmanifest || { echo "release.sh: the manifest does not name its icons" >&2; exit 1; }

# The teacher's guide (docs/teaching.md) as a page, and its pictures, named by their content
# (scripts/guide_page.py, with the markdown package scripts/setup.sh installs).
guide=$(PYTHONPATH="$source_dir/scripts/python" python3 "$source_dir/scripts/guide_page.py" "$source_dir" .)
sed -i -e "s|<meta name=\"puzzlelab-guide\" content=\"[^\"]*\"|<meta name=\"puzzlelab-guide\" content=\"$guide\"|" \
  -e "s|<meta content=[^ >]* name=puzzlelab-guide>|<meta content=$guide name=puzzlelab-guide>|" index.html
grep -q -e "content=\"$guide\"" -e "content=$guide " index.html ||
  { echo "release.sh: index.html has no puzzlelab-guide meta" >&2; exit 1; }

# The release: every content-named file, and the page and manifest that load them.
release=$( (ls | grep -v -x -e index.html -e sw.js -e solver_worker.js; cat index.html manifest.webmanifest) | digest)

set_line solver_worker.js "const RELEASE = " "const RELEASE = \"$release\";"
set_line solver_worker.js "const BUILDS = " "const BUILDS = { ${builds%, } };"
set_line solver_worker.js "const PAGE_BUILDS = " \
  "const PAGE_BUILDS = { $(echo "$pages" | sed -n 's/^worker //p' | tr -d '\n' | sed 's/, *$//') };"
loader="solver_worker-$(digest < solver_worker.js).js"
mv solver_worker.js "$loader"

# As written in index.html, or as a release build's minifier rewrites it (unquoted, content first).
sed -i -e "s|<meta name=\"puzzlelab-release\" content=\"[^\"]*\"|<meta name=\"puzzlelab-release\" content=\"$release\"|" \
  -e "s|<meta name=\"puzzlelab-worker\" content=\"[^\"]*\"|<meta name=\"puzzlelab-worker\" content=\"$loader\"|" \
  -e "s|<meta content=[^ >]* name=puzzlelab-release>|<meta content=$release name=puzzlelab-release>|" \
  -e "s|<meta content=[^ >]* name=puzzlelab-worker>|<meta content=$loader name=puzzlelab-worker>|" \
  -e "s|<meta name=\"puzzlelab-lessons\" content=\"[^\"]*\"|<meta name=\"puzzlelab-lessons\" content=\"$lessons\"|" \
  -e "s|<meta content=[^ >]* name=puzzlelab-lessons>|<meta content=$lessons name=puzzlelab-lessons>|" index.html
grep -q -e "content=\"$release\"" -e "content=$release " index.html ||
  { echo "release.sh: index.html has no puzzlelab-release meta" >&2; exit 1; }
grep -q -e "content=\"$loader\"" -e "content=$loader " index.html ||
  { echo "release.sh: index.html has no puzzlelab-worker meta" >&2; exit 1; }
grep -q -e "content=\"$lessons\"" -e "content=$lessons " index.html ||
  { echo "release.sh: index.html has no puzzlelab-lessons meta" >&2; exit 1; }

# The service worker stores all of it at install but the guide's pictures, which it keeps once
# the guide has shown them (a phone need not download them).
files=$(ls | grep -v -x sw.js | grep -v '^guide-' | sed 's/.*/"&"/' | paste -s -d, -)
set_line sw.js "const RELEASE = " "const RELEASE = \"$release\";"
set_line sw.js "const FILES = " "const FILES = [$files];"
echo "release $release: $(ls | wc -l) files, worker loader $loader"
