#!/usr/bin/env bash
# Account hygiene audit for triage: empty or locked passwords, stale password
# ages, extra UID 0 accounts and interactive shells on service accounts.
# Password hashes are never written out; only per-account status is recorded.
set -euo pipefail

OUT_DIR="./triage_out/accounts"
MAX_AGE_DAYS=365
SUDO="sudo -n"

usage() { echo "Usage: $0 [-o out_dir] [-a max_age_days]" >&2; exit 2; }

while getopts "o:a:h" opt; do
    case "$opt" in
        o) OUT_DIR="$OPTARG" ;;
        a) MAX_AGE_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

umask 077
mkdir -p "$OUT_DIR"
[ "$(id -u)" -eq 0 ] && SUDO=""

# The shadow database is root-only; read it once through sudo into a pipe.
read_shadow() {
    if ! $SUDO getent shadow 2>/dev/null; then
        $SUDO cat /etc/shadow
    fi
}

today=$(( $(date +%s) / 86400 ))
report="$OUT_DIR/shadow_status.csv"
echo "user,status,last_change_days_ago,max_days,flag" > "$report"

read_shadow | while IFS=: read -r user hash last min max warn inactive expire _; do
    case "$hash" in
        "")        status="EMPTY" ;;
        "!"*|"*"*) status="LOCKED" ;;
        '$1$'*)    status="MD5CRYPT" ;;
        '$6$'*|'$y$'*|'$5$'*|'$2'*) status="OK" ;;
        *)         status="OTHER" ;;
    esac
    age=""
    [ -n "$last" ] && [ "$last" -gt 0 ] 2>/dev/null && age=$(( today - last ))
    flag=""
    [ "$status" = "EMPTY" ] && flag="no-password"
    [ "$status" = "MD5CRYPT" ] && flag="weak-hash"
    if [ "$status" = "OK" ] && [ -n "$age" ] && [ "$age" -gt "$MAX_AGE_DAYS" ]; then
        flag="stale"
    fi
    echo "$user,$status,$age,${max:-},$flag" >> "$report"
done

# UID 0 accounts other than root, and service accounts with login shells.
awk -F: '$3==0 && $1!="root"{print "uid0," $1 "," $7}' /etc/passwd > "$OUT_DIR/passwd_flags.csv"
awk -F: '$3>0 && $3<1000 && $7 !~ /(nologin|false|sync|shutdown|halt)$/ {print "svc-shell," $1 "," $7}' \
    /etc/passwd >> "$OUT_DIR/passwd_flags.csv"

# sudo rights as seen by sudo itself
$SUDO grep -rhvE '^\s*(#|$)' /etc/sudoers /etc/sudoers.d/ 2>/dev/null > "$OUT_DIR/sudoers_effective.txt" || true

{
    echo "generated: $(date -u +%FT%TZ) on $(hostname)"
    echo "accounts: $(($(wc -l < "$report") - 1))"
    echo "flagged: $(awk -F, 'NR>1 && $5!=""' "$report" | wc -l)"
    echo "extra uid0 / service shells: $(wc -l < "$OUT_DIR/passwd_flags.csv")"
} | tee "$OUT_DIR/SUMMARY.txt"
