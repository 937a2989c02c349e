#!/usr/bin/env bash
# build-site: turn content/*.md into a static site in ./public with pandoc.
#
# content/
#   index.md
#   posts/2024-05-01-first-post.md   (front matter: title, date, tags)
# templates/page.html, templates/post.html
# static/  (copied verbatim)
set -euo pipefail

SRC="content"
OUT="public"
TEMPLATES="templates"
SITE_URL="${SITE_URL:-https://blog.example.net}"
SITE_TITLE="${SITE_TITLE:-Notes}"

log() { echo "build-site: $*"; }

front_matter() {
  # front_matter FILE KEY  -> value of KEY from the YAML header
  awk -v key="$2" '
    NR == 1 && $0 == "---" { inside = 1; next }
    inside && $0 == "---" { exit }
    inside && index($0, key ":") == 1 {
      sub("^" key ":[ ]*", ""); gsub(/^"|"$/, ""); print; exit
    }' "$1"
}

render() {
  local src="$1" dest="$2" template="$3"
  mkdir -p "$(dirname "$dest")"
  pandoc "$src" \
    --from markdown+yaml_metadata_block+smart \
    --to html5 \
    --template "$TEMPLATES/$template" \
    --metadata site_title="$SITE_TITLE" \
    --highlight-style pygments \
    --output "$dest"
}

build_pages() {
  local f rel
  while IFS= read -r -d '' f; do
    rel="${f#"$SRC"/}"
    render "$f" "$OUT/${rel%.md}.html" page.html
  done < <(find "$SRC" -maxdepth 1 -name '*.md' -print0)
}

build_posts() {
  local f slug
  : > "$OUT/.posts.tsv"
  while IFS= read -r -d '' f; do
    slug="$(basename "${f%.md}")"
    render "$f" "$OUT/posts/$slug.html" post.html
    printf '%s\t%s\t%s\n' "$(front_matter "$f" date)" "$slug" \
      "$(front_matter "$f" title)" >> "$OUT/.posts.tsv"
  done < <(find "$SRC/posts" -name '*.md' -print0)
}

build_index() {
  {
    echo "<ul class=\"post-list\">"
    sort -r "$OUT/.posts.tsv" | while IFS=$'\t' read -r date slug title; do
      printf '  <li><time>%s</time> <a href="posts/%s.html">%s</a></li>\n' \
        "$date" "$slug" "$(printf '%s' "$title" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')"
    done
    echo "</ul>"
  } > "$OUT/post-list.html"
}

build_sitemap() {
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    find "$OUT" -name '*.html' ! -name 'post-list.html' | sort | while read -r page; do
      printf '  <url><loc>%s/%s</loc></url>\n' "$SITE_URL" "${page#"$OUT"/}"
    done
    echo '</urlset>'
  } > "$OUT/sitemap.xml"
}

main() {
  rm -rf "./$OUT"
  mkdir -p "$OUT"
  [[ -d static ]] && cp -R static/. "$OUT/"
  build_pages
  build_posts
  build_index
  build_sitemap
  rm -f "$OUT/.posts.tsv"
  log "built $(find "$OUT" -name '*.html' | wc -l) pages into $OUT/"
}

main
