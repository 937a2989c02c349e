#!/usr/bin/env bash
# Apply a kernel network tuning profile for high-connection-count services.
# Profiles live in ./tuning/<name>.conf as "key = value" lines.
set -euo pipefail

PROFILE="${1:-web-frontend}"
PROFILE_FILE="./tuning/$PROFILE.conf"
DROPIN="/etc/sysctl.d/60-${PROFILE}.conf"
BACKUP_DIR="./tuning/applied"
ALLOWED_PREFIXES=(net.core. net.ipv4.tcp_ net.ipv4.ip_local_port_range vm.swappiness fs.file-max)

err() { echo "tuning: $*" >&2; }

[[ -r $PROFILE_FILE ]] || { err "no profile $PROFILE_FILE"; exit 1; }

allowed() {
    local key=$1 p
    for p in "${ALLOWED_PREFIXES[@]}"; do
        [[ $key == "$p"* ]] && return 0
    done
    return 1
}

declare -A wanted=()
invalid=0
while IFS='=' read -r key value; do
    key=$(tr -d '[:space:]' <<< "$key")
    value=$(sed 's/^[[:space:]]*//; s/[[:space:]]*$//' <<< "$value")
    [[ -z $key || $key == \#* ]] && continue
    if ! allowed "$key"; then
        err "key $key not allowed in a tuning profile"
        (( ++invalid ))
        continue
    fi
    if [[ ! -e /proc/sys/${key//.//} ]]; then
        err "kernel does not know $key"
        (( ++invalid ))
        continue
    fi
    wanted[$key]=$value
done < "$PROFILE_FILE"

(( invalid == 0 )) || { err "$invalid invalid entries, aborting"; exit 1; }

mkdir -p "$BACKUP_DIR"
snapshot="$BACKUP_DIR/$PROFILE.before.$(date +%s)"
for key in "${!wanted[@]}"; do
    printf '%s = %s\n' "$key" "$(sysctl -n "$key")"
done | sort > "$snapshot"
echo "current values saved to $snapshot"

# Show what will change.
diff <(sort "$snapshot") \
     <(for k in "${!wanted[@]}"; do printf '%s = %s\n' "$k" "${wanted[$k]}"; done | sort) \
     | grep '^[<>]' || { echo "already in effect, nothing to do"; exit 0; }

read -r -p "write $DROPIN and reload? [y/N] " answer
[[ $answer == [yY]* ]] || exit 0

{
    echo "# Generated from $PROFILE_FILE on $(date -Is) by ${USER}"
    for k in "${!wanted[@]}"; do printf '%s = %s\n' "$k" "${wanted[$k]}"; done | sort
} | sudo tee "$DROPIN" > /dev/null
sudo chmod 0644 "$DROPIN"

sudo sysctl --system 2>&1 | grep -F -- "$DROPIN" -A "${#wanted[@]}" || true

mismatch=0
for k in "${!wanted[@]}"; do
    now=$(sysctl -n "$k" | tr -s '[:space:]' ' ')
    want=$(tr -s '[:space:]' ' ' <<< "${wanted[$k]}")
    [[ $now == "$want" ]] || { err "$k is '$now', expected '$want'"; (( ++mismatch )); }
done
echo "applied profile $PROFILE with $mismatch mismatches"
