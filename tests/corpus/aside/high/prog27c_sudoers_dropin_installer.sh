#!/bin/bash
# Install a hardened sudoers drop-in after linting it.
# Adds logging, use_pty and a short credential timeout for all users.
# Usage: prog27c_sudoers_dropin_installer.sh [--dry-run]
set -euo pipefail

DROPIN_NAME="50-hardening"
TARGET="/etc/sudoers.d/$DROPIN_NAME"
WORK="$(pwd)/build"
CANDIDATE="$WORK/$DROPIN_NAME"
DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

mkdir -p "$WORK"

cat > "$CANDIDATE" <<'POLICY'
# Managed by sudoers_dropin_installer
Defaults    use_pty
Defaults    logfile="/var/log/sudo.log"
Defaults    log_input, log_output
Defaults    timestamp_timeout=5
Defaults    passwd_tries=3
Defaults    env_reset
Defaults    secure_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
Defaults    !visiblepw
POLICY

# Local checks on the candidate before it goes anywhere near /etc.
if grep -Eq 'NOPASSWD|!authenticate|ALL[[:space:]]*=[[:space:]]*\(ALL' "$CANDIDATE"; then
    echo "candidate grants privileges; refusing" >&2
    exit 3
fi

echo "== syntax check =="
if ! sudo visudo -c -q -f "$CANDIDATE"; then
    echo "visudo rejected the candidate" >&2
    exit 2
fi

if [[ -f "$TARGET" ]] && sudo cmp -s "$CANDIDATE" "$TARGET"; then
    echo "$TARGET already up to date"
    exit 0
fi

if (( DRY_RUN )); then
    echo "dry run: would install $CANDIDATE -> $TARGET"
    cat "$CANDIDATE"
    exit 0
fi

if [[ -f "$TARGET" ]]; then
    sudo cp -p "$TARGET" "$TARGET.bak.$(date +%s)"
fi

sudo install -o root -g root -m 0440 "$CANDIDATE" "$TARGET"
sudo touch /var/log/sudo.log
sudo chmod 0600 /var/log/sudo.log

echo "== full policy check =="
if ! sudo visudo -c -q; then
    echo "policy check failed after install; restoring" >&2
    sudo rm -f "$TARGET"
    latest=$(ls -1t "$TARGET".bak.* 2>/dev/null | head -n 1 || true)
    [[ -n "$latest" ]] && sudo mv "$latest" "$TARGET"
    exit 4
fi
echo "installed $TARGET"
