#!/usr/bin/env bash
# pleading_pdf_render.sh - convert assembled .docx pleadings to PDF/A for
# court filing using the firm's pinned LibreOffice image, so line numbering
# and pleading-paper margins come out identical on every workstation.
#
#   pleading_pdf_render.sh assembled/*.docx        # PDFs land in ./pdf
#
# Talks to the local Docker engine API directly (no docker CLI needed on the
# paralegal images).
set -euo pipefail

ENGINE_SOCK="${ENGINE_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="${RENDER_IMAGE:-registry.firm.local/tools/libreoffice-pdfa:7.6}"
OUT_DIR="$(pwd)/pdf"
TIMEOUT=180

(( $# > 0 )) || { echo "usage: $0 file.docx [...]" >&2; exit 64; }
[[ -S "$ENGINE_SOCK" ]] || { echo "container engine socket $ENGINE_SOCK not found" >&2; exit 1; }

engine() {
    # engine METHOD PATH [JSON]
    local method="$1" path="$2"
    if [[ $# -ge 3 ]]; then
        curl -sS --fail-with-body --unix-socket "$ENGINE_SOCK" -X "$method" \
             -H 'Content-Type: application/json' -d "$3" "$API$path"
    else
        curl -sS --fail-with-body --unix-socket "$ENGINE_SOCK" -X "$method" "$API$path"
    fi
}

ensure_image() {
    if ! engine GET "/images/${IMAGE//\//%2F}/json" >/dev/null 2>&1; then
        echo "pulling $IMAGE"
        engine POST "/images/create?fromImage=${IMAGE%:*}&tag=${IMAGE##*:}" >/dev/null
    fi
}

render_batch() {
    local in_dir="$1" spec id status
    spec=$(jq -n --arg img "$IMAGE" --arg in "$in_dir" --arg out "$OUT_DIR" --arg uid "$(id -u):$(id -g)" '{
        Image: $img,
        User: $uid,
        Cmd: ["sh", "-c", "soffice --headless --convert-to \"pdf:writer_pdf_Export:{\\\"SelectPdfVersion\\\":{\\\"type\\\":\\\"long\\\",\\\"value\\\":\\\"2\\\"}}\" --outdir /out /in/*.docx"],
        NetworkDisabled: true,
        HostConfig: {
            Binds: [($in + ":/in:ro"), ($out + ":/out")],
            AutoRemove: false,
            Memory: 1073741824
        }
    }')
    id=$(engine POST "/containers/create?name=pleading-render-$$" "$spec" | jq -r '.Id')
    [[ -n "$id" && "$id" != null ]] || { echo "could not create render container" >&2; return 1; }
    trap 'engine DELETE "/containers/'"$id"'?force=true" >/dev/null 2>&1 || true' RETURN
    engine POST "/containers/$id/start" >/dev/null
    status=$(timeout "$TIMEOUT" curl -sS --unix-socket "$ENGINE_SOCK" -X POST "$API/containers/$id/wait" | jq -r '.StatusCode')
    engine GET "/containers/$id/logs?stdout=1&stderr=1" | tr -cd '[:print:]\n' | sed 's/^/  | /'
    [[ "$status" == "0" ]] || { echo "renderer exited with status ${status:-timeout}" >&2; return 1; }
}

main() {
    command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
    mkdir -p "$OUT_DIR"
    local stage
    stage="$(pwd)/.render_in"
    rm -rf "$stage"
    mkdir -p "$stage"
    for f in "$@"; do
        [[ -f "$f" && "$f" == *.docx ]] || { echo "skipping $f (not a .docx)" >&2; continue; }
        cp -- "$f" "$stage/"
    done
    ensure_image
    render_batch "$stage"
    rm -rf "$stage"
    ls -1 "$OUT_DIR"/*.pdf 2>/dev/null | sed 's/^/wrote /'
}

main "$@"
