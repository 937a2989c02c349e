#!/usr/bin/env bash
# ipset_blocklist_sync.sh - load attacker IPs collected by the honeypot fleet
# (one JSON object per line, field "src") plus a static IOC list into an
# ipset, and make sure iptables drops traffic from that set.
set -o errexit -o nounset -o pipefail

SET_NAME="${SET_NAME:-honeypot_block}"
EVENTS="${EVENTS:-./telnettrap.jsonl}"
STATIC_IOCS="${STATIC_IOCS:-./iocs_ipv4.txt}"
MIN_HITS="${MIN_HITS:-3}"
DRY_RUN=0

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo -n "$@"
    fi
}

run() {
    if (( DRY_RUN )); then
        echo "DRY: $*"
    else
        as_root "$@"
    fi
}

collect_ips() {
    {
        if [[ -r "$EVENTS" ]]; then
            jq -r '.src // empty' "$EVENTS" | sort | uniq -c \
                | awk -v m="$MIN_HITS" '$1 >= m {print $2}'
        fi
        if [[ -r "$STATIC_IOCS" ]]; then
            grep -Ev '^\s*(#|$)' "$STATIC_IOCS"
        fi
    } | grep -E '^([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?$' \
      | grep -Ev '^(10\.|127\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.)' \
      | sort -u
}

ensure_set() {
    run ipset create "$SET_NAME" hash:net family inet maxelem 262144 -exist
    if ! as_root iptables -C INPUT -m set --match-set "$SET_NAME" src -j DROP 2>/dev/null; then
        run iptables -I INPUT 1 -m set --match-set "$SET_NAME" src -j DROP
        echo "inserted DROP rule for set $SET_NAME"
    fi
}

load_set() {
    local tmpset="${SET_NAME}_new" count=0 ip
    run ipset create "$tmpset" hash:net family inet maxelem 262144 -exist
    run ipset flush "$tmpset"
    while read -r ip; do
        run ipset add "$tmpset" "$ip" -exist
        count=$((count + 1))
    done < <(collect_ips)
    run ipset swap "$tmpset" "$SET_NAME"
    run ipset destroy "$tmpset"
    echo "$count entries loaded into $SET_NAME"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -s|--set) SET_NAME="$2"; shift ;;
        -m|--min-hits) MIN_HITS="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

for tool in jq ipset iptables; do
    command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
ensure_set
load_set
