#!/usr/bin/env bash
# Create local login accounts on a jump host for new engineers.
#
# Input: ./new_hires.csv  (login,full name,team)
#   jdoe,Jane Doe,platform
#
# For each row: create the user with a home directory, add the team group and
# the "ssh-users" group, lock the password (logins are via SSSD/Kerberos or
# keys issued by the SSH CA), and expire the account after the probation
# window unless it is renewed.  Runs from an admin's shell and escalates with
# sudo for the account commands.
set -euo pipefail

CSV="${1:-./new_hires.csv}"
DEFAULT_SHELL="/bin/bash"
LOGIN_GROUP="ssh-users"
PROBATION_DAYS="${PROBATION_DAYS:-120}"
DRY_RUN="${DRY_RUN:-0}"
LOGFILE="./onboarding-$(date +%Y%m%d).log"

SUDO="sudo"
[[ $EUID -eq 0 ]] && SUDO=""

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

run() {
    if [[ "$DRY_RUN" == 1 ]]; then
        log "DRY: $*"
    else
        $SUDO "$@"
    fi
}

valid_login() { [[ "$1" =~ ^[a-z][a-z0-9_-]{1,30}$ ]]; }

ensure_group() {
    local g="$1"
    if ! getent group "$g" >/dev/null; then
        log "creating group $g"
        run groupadd "$g"
    fi
}

create_account() {
    local login="$1" gecos="$2" team="$3" expiry
    expiry="$(date -d "+${PROBATION_DAYS} days" +%Y-%m-%d)"

    if getent passwd "$login" >/dev/null; then
        log "exists: $login -- ensuring group membership only"
        run usermod -a -G "$team,$LOGIN_GROUP" "$login"
        return 0
    fi

    ensure_group "$team"
    log "creating $login ($gecos) team=$team expires=$expiry"
    run useradd --create-home --shell "$DEFAULT_SHELL" \
        --comment "$gecos" --groups "$team,$LOGIN_GROUP" \
        --expiredate "$expiry" "$login"
    run passwd --lock "$login"
    run chage --maxdays 365 --warndays 14 "$login"
    run install -d -m 0700 -o "$login" -g "$login" "/home/$login/.ssh"
}

main() {
    [[ -r "$CSV" ]] || { echo "cannot read $CSV" >&2; exit 2; }
    if [[ -n "$SUDO" ]]; then
        sudo -v || { echo "sudo authentication failed" >&2; exit 2; }
    fi
    ensure_group "$LOGIN_GROUP"

    local created=0 skipped=0 login gecos team
    while IFS=, read -r login gecos team; do
        [[ -z "$login" || "$login" == \#* || "$login" == login ]] && continue
        login="${login,,}"
        if ! valid_login "$login"; then
            log "skip invalid login '$login'"
            skipped=$((skipped + 1))
            continue
        fi
        team="${team:-staff}"
        if create_account "$login" "$gecos" "$team"; then
            created=$((created + 1))
        else
            log "failed: $login"
            skipped=$((skipped + 1))
        fi
    done < "$CSV"

    log "done: $created processed, $skipped skipped"
}

main "$@"
