#!/bin/sh
# ir-triage: first-responder volatile data snapshot (unprivileged).
#
# Captures processes, network sockets, logged-in users, scheduled jobs and
# recently modified files for the current user into a staging directory,
# then packs it into a tarball for the analyst. Runs without root; sections
# that need more privilege simply record what they could see.
#
# usage: ir-triage.sh [-c CASE_ID] [-d DAYS]

set -u

CASE_ID="case-$(date +%Y%m%d)"
RECENT_DAYS=3
STAGE=/tmp/ir-triage
ARCHIVE=/tmp/ir-triage.tar.gz

while getopts "c:d:h" opt; do
    case "$opt" in
        c) CASE_ID="$OPTARG" ;;
        d) RECENT_DAYS="$OPTARG" ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done

note() {
    echo "[$(date -u +%FT%TZ)] $*" | tee -a "$STAGE/collection.log" >&2
}

# capture NAME CMD... : run CMD, store stdout/stderr under NAME
capture() {
    name="$1"; shift
    if command -v "$1" >/dev/null 2>&1; then
        note "collect $name: $*"
        "$@" >"$STAGE/$name.txt" 2>"$STAGE/$name.err" || note "  exit $? for $name"
        [ -s "$STAGE/$name.err" ] || rm -f "$STAGE/$name.err"
    else
        note "skip $name: $1 not installed"
    fi
}

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE" || { echo "cannot create $STAGE" >&2; exit 1; }
    chmod 700 "$STAGE"
    {
        echo "case_id=$CASE_ID"
        echo "host=$(hostname)"
        echo "collector_uid=$(id -u)"
        echo "started=$(date -u +%FT%TZ)"
    } >"$STAGE/meta.txt"
}

collect_system() {
    capture uname      uname -a
    capture uptime     uptime
    capture osrelease  cat /etc/os-release
    capture df         df -hT
    capture mounts     cat /proc/mounts
    capture modules    cat /proc/modules
}

collect_processes() {
    capture ps_tree    ps -eo pid,ppid,user,lstart,etime,cmd --forest
    capture ps_deleted sh -c 'ls -l /proc/[0-9]*/exe 2>/dev/null | grep "(deleted)"'
}

collect_network() {
    capture ss_listen  ss -tulpn
    capture ss_estab   ss -tanp state established
    capture ip_addr    ip -br addr
    capture ip_route   ip route
    capture arp        ip neigh
    capture resolv     cat /etc/resolv.conf
}

collect_users() {
    capture who        who -a
    capture last       last -Fwn 200
    capture lastlog    lastlog
    capture crontab_me crontab -l
    capture cron_dirs  ls -la /etc/cron.d /etc/cron.daily /etc/cron.hourly
}

collect_files() {
    note "recently modified files in \$HOME and /tmp (last $RECENT_DAYS days)"
    find "$HOME" /tmp /var/tmp -xdev -type f -mtime "-$RECENT_DAYS" \
        -not -path "$STAGE/*" -printf '%TY-%Tm-%Td %TH:%TM %u %m %s %p\n' \
        2>/dev/null | sort -r | head -n 2000 >"$STAGE/recent_files.txt"
    note "executables in world-writable temp dirs"
    find /tmp /var/tmp /dev/shm -xdev -type f -perm -u+x \
        -not -path "$STAGE/*" -exec sha256sum {} + 2>/dev/null >"$STAGE/tmp_exec_hashes.txt"
}

finish() {
    echo "finished=$(date -u +%FT%TZ)" >>"$STAGE/meta.txt"
    (cd "$STAGE" && sha256sum ./*.txt >SHA256SUMS)
    tar -czf "$ARCHIVE" -C "$(dirname "$STAGE")" "$(basename "$STAGE")"
    note "archive ready: $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
    echo "$ARCHIVE"
}

prepare
collect_system
collect_processes
collect_network
collect_users
collect_files
finish
