#!/usr/bin/env bash
# badge_site_preview.sh - build the troop's badge progress pages and serve
# them locally so leaders can check them before they go live.
#
# Source: badges/*.md (one page per badge, with front-matter "title:" and
# "section:"), progress/latest.csv from the badge tracker, static/ assets.
# Output goes to ./_site and is served on port 8000 for the hall wifi.
#
# Usage: badge_site_preview.sh [-p port] [--no-build]
set -euo pipefail

PORT=8000
BUILD=1
SITE=_site
TITLE="${SITE_TITLE:-3rd Millbrook Scouts - Badge Progress}"

while (( $# )); do
  case "$1" in
    -p) PORT=$2; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

log() { echo "[$(date +%H:%M:%S)] $*"; }

front_matter() {  # front_matter FILE KEY
  awk -v k="$2" 'NR==1 && $0!="---"{exit} NR>1 && $0=="---"{exit}
                 NR>1 { split($0,a,": "); if (a[1]==k) { print substr($0, length(k)+3); exit } }' "$1"
}

render_page() {  # render_page SRC DEST
  local src=$1 dest=$2 title body
  title=$(front_matter "$src" title)
  if command -v pandoc >/dev/null; then
    body=$(sed '1,/^---$/{/^---$/!d};1,/^---$/d' "$src" | pandoc -f markdown -t html)
  else
    body="<pre>$(sed 's/&/\&amp;/g; s/</\&lt;/g' "$src")</pre>"
  fi
  cat > "$dest" <<EOF
<!doctype html><html><head><meta charset="utf-8"><title>${title:-Badge}</title>
<link rel="stylesheet" href="style.css"></head><body>
<header><a href="index.html">${TITLE}</a></header><main>${body}</main></body></html>
EOF
}

progress_table() {
  [[ -f progress/latest.csv ]] || { echo "<p>No progress data yet.</p>"; return; }
  echo "<table><tr><th>Scout</th><th>Badge</th><th>Done</th></tr>"
  tail -n +2 progress/latest.csv | while IFS=, read -r scout patrol badge done total pct complete; do
    printf '<tr class="%s"><td>%s</td><td>%s</td><td>%s/%s</td></tr>\n' \
      "$complete" "$scout" "$badge" "$done" "$total"
  done
  echo "</table>"
}

build_site() {
  rm -rf "$SITE"; mkdir -p "$SITE"
  [[ -d static ]] && cp -r static/. "$SITE/"
  local links="" f out
  for f in badges/*.md; do
    [[ -e "$f" ]] || continue
    out="$(basename "${f%.md}").html"
    render_page "$f" "$SITE/$out"
    links+="<li><a href=\"$out\">$(front_matter "$f" title)</a> <small>$(front_matter "$f" section)</small></li>"
  done
  cat > "$SITE/index.html" <<EOF
<!doctype html><html><head><meta charset="utf-8"><title>${TITLE}</title>
<link rel="stylesheet" href="style.css"></head><body><h1>${TITLE}</h1>
<h2>Badges</h2><ul>${links}</ul><h2>Progress</h2>$(progress_table)
<footer>Updated $(date '+%d %b %Y %H:%M')</footer></body></html>
EOF
  log "built $(find "$SITE" -name '*.html' | wc -l) page(s)"
}

serve() {
  local ip
  ip=$(hostname -I 2>/dev/null | awk '{print $1}')
  log "preview at http://${ip:-localhost}:$PORT/ (Ctrl-C to stop)"
  exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE"
}

(( BUILD )) && build_site
[[ -f "$SITE/index.html" ]] || { echo "nothing built in $SITE" >&2; exit 1; }
serve
