#!/usr/bin/env bash
# Prepare the onboarding batch for new shell users.
# Input: roster CSV (login,full name,groups). For each user an initial
# password is generated and hashed; the hashed roster is written to
# ./out/roster-hashed.csv and the clear passwords to ./out/initial-passwords.txt
# (handed to the helpdesk). No accounts are created by this script.

set -euo pipefail

PROG=${0##*/}
ROSTER=${ROSTER:-./roster.csv}
OUT_DIR=${OUT_DIR:-./out}
PW_LEN=${PW_LEN:-12}
DEFAULT_GROUPS=${DEFAULT_GROUPS:-users}

log()  { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $PROG [-r roster.csv] [-o outdir] [-l password_length]
EOF
}

while getopts ':r:o:l:h' opt; do
    case $opt in
        r) ROSTER=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        l) PW_LEN=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v openssl >/dev/null 2>&1 || die "openssl is required"
[[ -r $ROSTER ]] || die "cannot read roster $ROSTER"

CHARSET='ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

gen_password() {
    local pw="" i
    RANDOM=$(( $(date +%s) % 32768 ))
    for (( i = 0; i < PW_LEN; i++ )); do
        pw+=${CHARSET:RANDOM % ${#CHARSET}:1}
    done
    printf '%s' "$pw"
}

hash_password() {
    # MD5-crypt ($1$) so the hashes also load on the legacy NIS master
    openssl passwd -1 "$1"
}

valid_login() {
    [[ $1 =~ ^[a-z_][a-z0-9_-]{0,31}$ ]]
}

declare -A SEEN=()
STAGE=$(mktemp)
PWLIST=$(mktemp)
trap 'rm -f "$STAGE" "$PWLIST"' EXIT

count=0
while IFS=, read -r login full groups; do
    [[ -z $login || $login == \#* || $login == login ]] && continue
    login=${login,,}
    if ! valid_login "$login"; then
        log "skipping invalid login '$login'"
        continue
    fi
    if [[ -n ${SEEN[$login]:-} ]]; then
        log "duplicate login '$login' ignored"
        continue
    fi
    SEEN[$login]=1
    pw=$(gen_password)
    hash=$(hash_password "$pw")
    printf '%s,%s,%s,%s\n' "$login" "$full" "${groups:-$DEFAULT_GROUPS}" "$hash" >> "$STAGE"
    printf '%-20s %s\n' "$login" "$pw" >> "$PWLIST"
    count=$(( count + 1 ))
    sleep 1
done < "$ROSTER"

mkdir -p "$OUT_DIR"
{
    echo "login,full_name,groups,password_hash"
    sort "$STAGE"
} > "$OUT_DIR/roster-hashed.csv"
sort "$PWLIST" > "$OUT_DIR/initial-passwords.txt"
chmod 600 "$OUT_DIR/initial-passwords.txt" "$OUT_DIR/roster-hashed.csv"

log "prepared $count user(s): $OUT_DIR/roster-hashed.csv"
