#!/usr/bin/env bash
# serve_feedback.sh - render per-student feedback pages from results.json
# and serve them to the lab room so students can look up their results
# on the lab PCs during the review session.
#
# usage: serve_feedback.sh [results.json] [port]

set -euo pipefail

RESULTS="${1:-results.json}"
PORT="${2:-8080}"
SITE_DIR="/tmp/lab_feedback_site"
TITLE="${COURSE_TITLE:-CS 1010 Lab Feedback}"

log() { echo "[serve_feedback] $*" >&2; }

if [ ! -f "$RESULTS" ]; then
    log "results file $RESULTS not found"
    exit 1
fi
command -v python3 >/dev/null || { log "python3 required"; exit 1; }

prepare_site() {
    rm -rf "$SITE_DIR"
    mkdir -p "$SITE_DIR/students"
    cp "$RESULTS" "$SITE_DIR/results.json"
}

render_pages() {
    python3 - "$RESULTS" "$SITE_DIR" "$TITLE" <<'PY'
import html, json, sys, pathlib
results_path, site, title = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
results = json.loads(pathlib.Path(results_path).read_text())
rows = []
for r in sorted(results, key=lambda r: r["student"]):
    name = html.escape(r["student"])
    page = site / "students" / f"{r['student']}.html"
    cases = "".join(
        f"<tr><td>{html.escape(c['name'])}</td><td>{'pass' if c['passed'] else 'fail'}</td>"
        f"<td><pre>{html.escape(c.get('detail', ''))}</pre></td></tr>"
        for c in r.get("cases", [])
    )
    page.write_text(f"<html><head><title>{name}</title></head><body>"
                    f"<h1>{name}: {r['score']}</h1><table>{cases}</table></body></html>")
    rows.append(f"<li><a href='students/{name}.html'>{name}</a> ({r['score']})</li>")
(site / "index.html").write_text(
    f"<html><head><title>{html.escape(title)}</title></head><body>"
    f"<h1>{html.escape(title)}</h1><ul>{''.join(rows)}</ul></body></html>")
print(len(rows))
PY
}

lab_ip() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

prepare_site
count=$(render_pages)
log "rendered $count student pages into $SITE_DIR"

ip="$(lab_ip)"
log "students can browse to http://${ip:-this-host}:${PORT}/"
log "press Ctrl-C to stop serving"

cd "$SITE_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
