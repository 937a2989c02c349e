#!/usr/bin/env bash
# qa_build_share.sh - share the latest APK/IPA builds with QA phones on the
# office wifi. Builds an index page of the dist/ directory and serves it over
# plain HTTP on every interface until interrupted.
#
# Usage: qa_build_share.sh [-d dist_dir] [-p port] [-t title]
set -euo pipefail

DIST_DIR="dist"
PORT=8000
TITLE="Nightly builds"

log() { echo "[qa-share] $(date +%T) $*" >&2; }

while getopts ":d:p:t:h" opt; do
    case "$opt" in
        d) DIST_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) TITLE="$OPTARG" ;;
        h|*) echo "usage: $0 [-d dist_dir] [-p port] [-t title]" >&2; exit 2 ;;
    esac
done

if [[ ! -d "$DIST_DIR" ]]; then
    log "no $DIST_DIR directory - run the build first"
    exit 1
fi
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1024 )); then
    log "port must be a number >= 1024"
    exit 2
fi

builds="$(find "$DIST_DIR" -maxdepth 1 -type f \( -name '*.apk' -o -name '*.ipa' -o -name '*.aab' \) \
          -printf '%T@ %f\n' | sort -rn | cut -d' ' -f2-)"
if [[ -z "$builds" ]]; then
    log "no build artifacts in $DIST_DIR"
    exit 1
fi
log "$(wc -l <<< "$builds") artifacts to share"

host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
host_ip="${host_ip:-$(hostname)}"

# Render index.html with python; data comes in through the environment.
SHARE_TITLE="$TITLE" SHARE_BUILDS="$builds" SHARE_DIR="$DIST_DIR" \
SHARE_URL="http://${host_ip}:${PORT}/" python3 - <<'PY'
import hashlib, html, os
title = html.escape(os.environ["SHARE_TITLE"])
d = os.environ["SHARE_DIR"]
rows = []
for name in os.environ["SHARE_BUILDS"].splitlines():
    path = os.path.join(d, name)
    size = os.path.getsize(path) / (1024 * 1024)
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    rows.append(f'<tr><td><a href="{html.escape(name)}">{html.escape(name)}</a></td>'
                f"<td>{size:.1f} MB</td><td><code>{h.hexdigest()[:16]}</code></td></tr>")
page = (f"<!doctype html><title>{title}</title><h1>{title}</h1>"
        f"<p>Open {html.escape(os.environ['SHARE_URL'])} on the test device.</p>"
        "<table>" + "".join(rows) + "</table>")
with open(os.path.join(d, "index.html"), "w") as fh:
    fh.write(page)
print(f"index written with {len(rows)} builds")
PY

log "serving $DIST_DIR at http://${host_ip}:${PORT}/ (Ctrl-C to stop)"
cd "$DIST_DIR"
trap 'log "stopped"' INT TERM
python3 -m http.server "$PORT" --bind 0.0.0.0
