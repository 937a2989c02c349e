#!/usr/bin/env bash
# inspection_report_builder.sh - build boiler inspection PDFs for the insurer
#
# Turns the Markdown inspection reports in ./reports/*.md into PDFs using
# the pandoc/latex image, so volunteers don't need a TeX install.  Talks
# to the Docker engine API directly because the shed PC only has the
# engine (no CLI) installed by the kiosk image.
#
# usage: inspection_report_builder.sh [-i image] [-o outdir] [report.md ...]

set -euo pipefail

IMAGE="pandoc/latex:3.1"
OUT_DIR="./pdf"
SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
TEMPLATE="./templates/inspection.latex"

die() { echo "report-builder: $*" >&2; exit 1; }
msg() { echo "report-builder: $*" >&2; }

while getopts "i:o:h" opt; do
    case $opt in
        i) IMAGE=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        *) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done
shift $((OPTIND - 1))

[[ -S "$SOCK" ]] || die "engine socket $SOCK not found"
command -v jq >/dev/null || die "jq is required"

engine() {
    # engine METHOD PATH [JSON-BODY]
    local method=$1 path=$2 body=${3:-}
    if [[ -n "$body" ]]; then
        curl -fsS --unix-socket "$SOCK" -X "$method" -H 'Content-Type: application/json' \
             -d "$body" "$API$path"
    else
        curl -fsS --unix-socket "$SOCK" -X "$method" "$API$path"
    fi
}

ensure_image() {
    local repo=${IMAGE%:*} tag=${IMAGE##*:}
    if engine GET "/images/$IMAGE/json" >/dev/null 2>&1; then
        return
    fi
    msg "pulling $IMAGE"
    engine POST "/images/create?fromImage=$repo&tag=$tag" >/dev/null
}

build_one() {
    local md=$1 base pdf cid spec status
    base=$(basename "${md%.md}")
    pdf="$base.pdf"
    local tmpl_arg=""
    [[ -f "$TEMPLATE" ]] && tmpl_arg="--template=/data/${TEMPLATE#./}"
    spec=$(jq -n --arg img "$IMAGE" --arg src "/data/${md#./}" \
                 --arg dst "/data/${OUT_DIR#./}/$pdf" --arg tmpl "$tmpl_arg" \
                 --arg bind "$PWD:/data" --arg user "$(id -u):$(id -g)" '
        {Image: $img, User: $user, WorkingDir: "/data",
         Cmd: ([$src, "-o", $dst, "--pdf-engine=xelatex"] + (if $tmpl == "" then [] else [$tmpl] end)),
         HostConfig: {Binds: [$bind], AutoRemove: false, NetworkMode: "none"}}')
    cid=$(engine POST "/containers/create?name=inspection-$base-$$" "$spec" | jq -r .Id)
    engine POST "/containers/$cid/start" >/dev/null
    status=$(engine POST "/containers/$cid/wait" | jq -r .StatusCode)
    if [[ "$status" != "0" ]]; then
        msg "pandoc failed for $md (exit $status):"
        engine GET "/containers/$cid/logs?stderr=1&stdout=1" | tr -cd '[:print:]\n' >&2
    else
        msg "built $OUT_DIR/$pdf"
    fi
    engine DELETE "/containers/$cid?force=1" >/dev/null || true
    [[ "$status" == "0" ]]
}

mkdir -p "$OUT_DIR"
if [[ $# -eq 0 ]]; then
    shopt -s nullglob
    set -- ./reports/*.md
fi
[[ $# -gt 0 ]] || die "no reports to build"

ensure_image
failed=0
for md in "$@"; do
    [[ -f "$md" ]] || { msg "missing $md"; failed=$((failed + 1)); continue; }
    build_one "$md" || failed=$((failed + 1))
done
msg "$(( $# - failed )) built, $failed failed"
exit $(( failed > 0 ))
