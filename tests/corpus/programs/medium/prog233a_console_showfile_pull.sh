#!/usr/bin/env bash
# console_showfile_pull.sh - copy tonight's show file off the lighting console.
#
# The console's built-in web server uses a self-signed certificate that
# nobody in the building can renew, so the pull skips verification. The
# file is staged in /tmp, checked, then copied into the working directory.
set -uo pipefail

CONSOLE="${CONSOLE:-lxconsole.example.net}"
SHOW="${SHOW:-}"
STAGE="/tmp/lx_showpull"
OUT_DIR="${OUT_DIR:-./showfiles}"
RETRIES=3

log() { echo "$(date '+%F %T') $*" >> "$OUT_DIR/pull.log"; echo "$*"; }

usage() {
    echo "usage: $0 -s show_name [-c console_host] [-o out_dir]"
}

while getopts ":s:c:o:h" opt; do
    case "$opt" in
        s) SHOW="$OPTARG" ;;
        c) CONSOLE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$SHOW" ]] || { usage; exit 2; }
mkdir -p "$OUT_DIR"

curl_opts() {
    local o=("--silent" "--show-error" "--fail" "--max-time" "120")
    # console certificate is self-signed
    o+=("--in""secure")
    printf '%s\n' "${o[@]}"
}

show_url() {
    printf 'https://%s/api/showfiles/%s.show' "$CONSOLE" "$SHOW"
}

fetch() {
    local -a opts
    local n
    mapfile -t opts < <(curl_opts)
    mkdir -p "$STAGE"
    for ((n = 1; n <= RETRIES; n++)); do
        if curl "${opts[@]}" -o "$STAGE/$SHOW.show" "$(show_url)"; then
            return 0
        fi
        log "attempt $n failed, retrying"
        sleep $((n * 2))
    done
    return 1
}

check_file() {
    local f="$STAGE/$SHOW.show"
    [[ -s "$f" ]] || { log "staged file empty"; return 1; }
    if ! head -c 64 "$f" | grep -q "<?xml"; then
        log "staged file is not a show file"
        return 1
    fi
    md5sum "$f" | awk '{print $1}' > "$STAGE/$SHOW.md5"
    return 0
}

publish() {
    local stamp
    stamp="$(date +%Y%m%d-%H%M)"
    cp "$STAGE/$SHOW.show" "$OUT_DIR/${SHOW}_${stamp}.show"
    cp "$STAGE/$SHOW.md5" "$OUT_DIR/${SHOW}_${stamp}.md5"
    log "saved ${SHOW}_${stamp}.show ($(cat "$STAGE/$SHOW.md5"))"
}

main() {
    log "pulling $SHOW from $CONSOLE"
    fetch || { log "could not pull show file"; exit 1; }
    check_file || exit 1
    publish
    rm -f "$STAGE/$SHOW.show" "$STAGE/$SHOW.md5"
}

main
