# Sourced by scripts/release.sh (and tried by tests/e2e/release.test.mjs).
# Rewrites the line of a generated file that starts with a marker (`const PAGES = `…) into
# another; the build fails, naming the file, when no line starts with it or the rewrite did
# not take (a reflowed file would otherwise ship a release with no page bundles or no
# offline copy).
set_line() {
  file=$1 marker=$2 line=$3
  grep -q "^$marker" "$file" || { echo "release.sh: $file has no line starting '$marker'" >&2; exit 1; }
  sed -i -e "s|^$marker.*|$line|" "$file"
  grep -qxF "$line" "$file" || { echo "release.sh: $file: the line '$marker…' was not rewritten" >&2; exit 1; }
}
