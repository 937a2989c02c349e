#!/usr/bin/env bash
# Create the onboarding batch of shell users on this host.
# Input: roster CSV (login,full name,groups). Missing groups are created,
# each user gets a home directory and a random initial password (SHA-512
# crypt) that must be changed at first login. Clear passwords are written
# to ./out/initial-passwords.txt (mode 600) for the helpdesk.

set -euo pipefail

PROG=${0##*/}
ROSTER=${ROSTER:-./roster.csv}
OUT_DIR=${OUT_DIR:-./out}
PW_BYTES=${PW_BYTES:-12}
DEFAULT_GROUPS=${DEFAULT_GROUPS:-users}
USER_SHELL=${USER_SHELL:-/bin/bash}

log()  { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "must run as root or via sudo"
    SUDO="sudo"
fi
run_as_root() { $SUDO "$@"; }

usage() {
    cat <<EOF
Usage: $PROG [-r roster.csv] [-o outdir] [-s shell]
EOF
}

while getopts ':r:o:s:h' opt; do
    case $opt in
        r) ROSTER=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        s) USER_SHELL=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v openssl >/dev/null 2>&1 || die "openssl is required"
[[ -r $ROSTER ]] || die "cannot read roster $ROSTER"

gen_password() {
    openssl rand -base64 "$PW_BYTES" | tr -d '/+=\n'
}

valid_login() {
    [[ $1 =~ ^[a-z_][a-z0-9_-]{0,31}$ ]]
}

ensure_groups() {
    local g
    IFS=';' read -r -a wanted <<< "$1"
    for g in "${wanted[@]}"; do
        getent group "$g" >/dev/null || { log "creating group $g"; run_as_root groupadd "$g"; }
    done
}

create_user() {
    local login=$1 full=$2 groups=$3 pw
    if getent passwd "$login" >/dev/null; then
        log "user $login exists, skipping"
        return 0
    fi
    ensure_groups "$groups"
    run_as_root useradd -m -s "$USER_SHELL" -c "$full" -G "${groups//;/,}" "$login"
    pw=$(gen_password)
    printf '%s:%s\n' "$login" "$(openssl passwd -6 "$pw")" | run_as_root chpasswd -e
    run_as_root chage -d 0 "$login"
    printf '%-20s %s\n' "$login" "$pw" >> "$OUT_DIR/initial-passwords.txt"
    log "created $login (groups: ${groups//;/,})"
}

mkdir -p "$OUT_DIR"
: > "$OUT_DIR/initial-passwords.txt"
chmod 600 "$OUT_DIR/initial-passwords.txt"

declare -A SEEN=()
count=0
while IFS=, read -r login full groups; do
    [[ -z $login || $login == \#* || $login == login ]] && continue
    login=${login,,}
    valid_login "$login" || { log "skipping invalid login '$login'"; continue; }
    [[ -n ${SEEN[$login]:-} ]] && continue
    SEEN[$login]=1
    create_user "$login" "$full" "${groups:-$DEFAULT_GROUPS}"
    count=$(( count + 1 ))
done < "$ROSTER"

log "processed $count user(s); passwords in $OUT_DIR/initial-passwords.txt"
