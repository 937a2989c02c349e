#!/usr/bin/env bash
# Build proofing previews for a scan batch and serve them to the curators.
#
# For each master in the batch directory, makes a 1600px JPEG proof and a
# contact sheet per 40 pages, writes a simple index.html, then serves the
# proof folder on the studio network until Ctrl-C so curators can check
# colour and cropping from their own desks before the batch is ingested.
#
#   proof_batch.sh BATCH_DIR [-p PORT] [--no-serve]

set -euo pipefail

PORT=8765
SERVE=1
BATCH=""
PROOF_EDGE=1600
SHEET_SIZE=40

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }
info() { echo "[proof] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) usage 0 ;;
        -*) info "unknown option $1"; usage 2 ;;
        *) BATCH="$1"; shift ;;
    esac
done

[[ -n "$BATCH" && -d "$BATCH" ]] || usage 2
command -v magick >/dev/null && IM=magick || IM=convert
command -v "$IM" >/dev/null || { info "ImageMagick not found"; exit 1; }

BATCH=$(cd "$BATCH" && pwd)
NAME=$(basename "$BATCH")
OUT="proofs/$NAME"
mkdir -p "$OUT/pages" "$OUT/sheets"

mapfile -t masters < <(find "$BATCH" -maxdepth 1 -type f \( -iname '*.tif' -o -iname '*.tiff' \) | sort)
[[ ${#masters[@]} -gt 0 ]] || { info "no TIFF masters in $BATCH"; exit 1; }
info "${#masters[@]} masters in $NAME"

for m in "${masters[@]}"; do
    base=$(basename "${m%.*}")
    dest="$OUT/pages/$base.jpg"
    [[ -f "$dest" && "$dest" -nt "$m" ]] && continue
    "$IM" "$m[0]" -resize "${PROOF_EDGE}x${PROOF_EDGE}>" -quality 85 -strip "$dest" \
        || info "failed: $base"
done

pages=("$OUT"/pages/*.jpg)
sheet=0
for ((i = 0; i < ${#pages[@]}; i += SHEET_SIZE)); do
    sheet=$((sheet + 1))
    montage "${pages[@]:i:SHEET_SIZE}" -tile 8x -geometry 180x180+4+4 -label '%t' \
        "$OUT/sheets/sheet-$(printf %03d $sheet).jpg" 2>/dev/null || info "montage $sheet failed"
done

{
    echo "<!doctype html><meta charset=utf-8><title>Proofs: $NAME</title>"
    echo "<h1>$NAME</h1><p>${#masters[@]} pages, generated $(date '+%F %R')</p><h2>Sheets</h2>"
    for s in "$OUT"/sheets/*.jpg; do echo "<a href=\"sheets/$(basename "$s")\"><img src=\"sheets/$(basename "$s")\" width=400></a>"; done
    echo "<h2>Pages</h2><ul>"
    for p in "${pages[@]}"; do echo "<li><a href=\"pages/$(basename "$p")\">$(basename "$p")</a></li>"; done
    echo "</ul>"
} > "$OUT/index.html"
info "proofs written to $OUT"

[[ $SERVE -eq 1 ]] || exit 0

host_ip=$(hostname -I 2>/dev/null | awk '{print $1}')
info "curators can open http://${host_ip:-this-host}:$PORT/"
cd "$OUT"
exec python3 - "$PORT" <<'PY'
import functools, http.server, sys
port = int(sys.argv[1])
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=".")
with http.server.ThreadingHTTPServer(("", port), handler) as srv:
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
PY
