#!/usr/bin/env bash
# lab_hostnames_register.sh - make the networking-lab VMs reachable by name.
#
# In the "Networks 101" practical every team gets three VMs (router, web,
# db) on the lab subnet.  Instead of typing IP addresses all afternoon,
# this script adds friendly names for your team's machines to /etc/hosts.
#
#   ./lab_hostnames_register.sh 7          # team 7
#   ./lab_hostnames_register.sh 7 --remove # undo at the end of the lab
set -euo pipefail

HOSTS_FILE=/etc/hosts
SUBNET_PREFIX="10.42"
ROLES=(router web db)
MARK_BEGIN="# >>> net101 lab"
MARK_END="# <<< net101 lab"

die() { echo "error: $*" >&2; exit 1; }

[[ $# -ge 1 ]] || die "usage: $0 TEAM_NUMBER [--remove]"
team=$1
action=${2:-add}
[[ $team =~ ^[0-9]+$ ]] && (( team >= 1 && team <= 40 )) || die "team must be 1..40"

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

build_block() {
    local i=10
    echo "$MARK_BEGIN (team $team)"
    for role in "${ROLES[@]}"; do
        printf '%s.%d.%d\t%s.team%d.lab %s%d\n' \
            "$SUBNET_PREFIX" "$team" "$i" "$role" "$team" "$role" "$team"
        i=$((i + 1))
    done
    echo "$MARK_END"
}

remove_block() {
    if grep -qF "$MARK_BEGIN" "$HOSTS_FILE"; then
        as_root sed -i "/^${MARK_BEGIN}/,/^${MARK_END}/d" "$HOSTS_FILE"
        echo "removed lab entries from $HOSTS_FILE"
    else
        echo "no lab entries present"
    fi
}

add_block() {
    remove_block >/dev/null
    build_block | as_root tee -a "$HOSTS_FILE" >/dev/null
    echo "added entries for team $team:"
    build_block | sed -n '2,$p' | sed '$d' | sed 's/^/  /'
}

check() {
    for role in "${ROLES[@]}"; do
        if getent hosts "$role$team" >/dev/null; then
            printf '  %-8s resolves\n' "$role$team"
        else
            printf '  %-8s NOT resolving\n' "$role$team"
        fi
    done
}

case "$action" in
    add|--add)       add_block; check ;;
    remove|--remove) remove_block ;;
    check|--check)   check ;;
    *)               die "unknown action: $action" ;;
esac
