#!/usr/bin/env bash
# svcdeck - one-word shortcuts for the app stack's services on a workstation.
# Usage: svcdeck {status|logs|restart|reload|top} [service...]
set -uo pipefail

STACK=(postgresql redis-server nginx myapp-worker)
LOG_LINES="${SVCDECK_LINES:-80}"

note() { printf '\033[2m[svcdeck]\033[0m %s\n' "$*" >&2; }

elevate() {
    # Prefer the desktop polkit prompt; fall back to doas on minimal systems.
    if command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        note "neither pkexec nor doas available"; return 1
    fi
}

targets() {
    if [ $# -gt 0 ]; then printf '%s\n' "$@"; else printf '%s\n' "${STACK[@]}"; fi
}

do_status() {
    local svc state
    while read -r svc; do
        state="$(systemctl is-active "$svc" 2>/dev/null || true)"
        printf '%-18s %s\n' "$svc" "${state:-unknown}"
    done < <(targets "$@")
}

do_logs() {
    local args=() svc
    while read -r svc; do args+=(-u "$svc"); done < <(targets "$@")
    journalctl --no-pager -n "$LOG_LINES" "${args[@]}"
}

do_cycle() {
    local verb="$1"; shift
    local svc failed=0
    while read -r svc; do
        note "$verb $svc"
        if ! elevate systemctl "$verb" "$svc"; then
            note "failed to $verb $svc"; failed=1
        fi
    done < <(targets "$@")
    return "$failed"
}

do_top() {
    local svc pid
    while read -r svc; do
        pid="$(systemctl show -p MainPID --value "$svc" 2>/dev/null)"
        [ -n "$pid" ] && [ "$pid" != "0" ] || continue
        ps -o pid=,rss=,pcpu=,comm= -p "$pid" | awk -v s="$svc" '{printf "%-18s pid=%s rss=%sK cpu=%s%%\n", s, $1, $2, $3}'
    done < <(targets "$@")
}

sub="${1:-status}"; shift || true
case "$sub" in
    status|st)  do_status "$@" ;;
    logs|log)   do_logs "$@" ;;
    restart)    do_cycle restart "$@" ;;
    reload)     do_cycle reload "$@" ;;
    top)        do_top "$@" ;;
    -h|--help)  sed -n '2,3p' "$0" ;;
    *) note "unknown subcommand: $sub"; exit 2 ;;
esac
