#!/usr/bin/env bash
# exam_hosts_lockdown.sh - block distracting / answer-sharing sites on a
# lab laptop for the duration of an exam by pinning them in the hosts file.
#
#   exam_hosts_lockdown.sh on  [-l blocklist]
#   exam_hosts_lockdown.sh off
#   exam_hosts_lockdown.sh status
set -euo pipefail

PROG=${0##*/}
ETC_PARTS=("" etc hosts)
BEGIN_MARK="# >>> exam-lockdown >>>"
END_MARK="# <<< exam-lockdown <<<"
SINK_ADDR="127.0.0.1"
BLOCKLIST=${EXAM_BLOCKLIST:-./blocklist.txt}
DEFAULT_SITES=(chat.example.com answers.example.net homework.example.org
               forum.example.com notes.example.net)

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

hosts_path() {
    local IFS=/
    printf '%s' "${ETC_PARTS[*]}"
}

as_admin() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

load_sites() {
    if [[ -r "$BLOCKLIST" ]]; then
        grep -Ev '^\s*(#|$)' "$BLOCKLIST" | awk '{print $1}'
    else
        printf '%s\n' "${DEFAULT_SITES[@]}"
    fi
}

is_locked() {
    grep -qF "$BEGIN_MARK" "$(hosts_path)"
}

render_block() {
    local site
    echo "$BEGIN_MARK"
    while IFS= read -r site; do
        [[ "$site" =~ ^[A-Za-z0-9.-]+$ ]] || { log "skipping odd entry '$site'"; continue; }
        printf '%s\t%s\n' "$SINK_ADDR" "$site"
        printf '%s\twww.%s\n' "$SINK_ADDR" "$site"
    done < <(load_sites)
    echo "$END_MARK"
}

lock() {
    local target
    target=$(hosts_path)
    if is_locked; then
        log "already locked"
        return 0
    fi
    as_admin cp -p "$target" "${target}.exam.bak"
    render_block | as_admin tee -a "$target" >/dev/null
    as_admin chmod 0644 "$target"
    log "lockdown applied ($(render_block | grep -c "^$SINK_ADDR") entries)"
}

unlock() {
    local target tmp
    target=$(hosts_path)
    if ! is_locked; then
        log "not locked"
        return 0
    fi
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' RETURN
    sed "/^${BEGIN_MARK//\//\\/}\$/,/^${END_MARK//\//\\/}\$/d" "$target" > "$tmp"
    as_admin install -m 0644 -o root -g root "$tmp" "$target"
    log "lockdown removed"
}

status() {
    if is_locked; then
        echo "locked: $(sed -n "/$BEGIN_MARK/,/$END_MARK/p" "$(hosts_path)" | grep -c "^$SINK_ADDR") entries"
    else
        echo "unlocked"
    fi
}

main() {
    local cmd=${1:-status}
    shift || true
    while getopts ":l:" opt; do
        case $opt in
            l) BLOCKLIST=$OPTARG ;;
            *) die "unknown option" ;;
        esac
    done
    case $cmd in
        on) lock ;;
        off) unlock ;;
        status) status ;;
        *) die "usage: $PROG on|off|status [-l blocklist]" ;;
    esac
}

main "$@"
