#!/bin/sh
# Turn off password logins on an SSH server once key access is proven.
# Refuses to continue unless the invoking user has at least one key in
# authorized_keys, validates the config with `sshd -t` and reloads sshd.
set -eu

DROPIN_DIR=/etc/ssh/sshd_config.d
DROPIN="$DROPIN_DIR/60-no-passwords.conf"
TARGET_USER=${SUDO_USER:-${1:-}}

log()  { echo "[sshd-hardening] $*"; }
fail() { echo "[sshd-hardening] error: $*" >&2; exit 1; }

require_root() {
  [ "$(id -u)" -eq 0 ] || fail "must run as root (try: sudo $0)"
}

require_key_for() {
  user=$1
  [ -n "$user" ] || fail "cannot tell which user to check; pass a user name"
  home=$(getent passwd "$user" | cut -d: -f6)
  keys="$home/.ssh/authorized_keys"
  [ -s "$keys" ] || fail "$user has no $keys; add a key before disabling passwords"
  n=$(grep -cE '^(ssh-|ecdsa-|sk-)' "$keys" || true)
  [ "$n" -gt 0 ] || fail "$keys contains no usable keys"
  log "$user has $n key(s)"
}

write_dropin() {
  mkdir -p "$DROPIN_DIR"
  if ! grep -qs '^Include /etc/ssh/sshd_config.d/\*.conf' /etc/ssh/sshd_config; then
    log "adding Include line to /etc/ssh/sshd_config"
    cp -p /etc/ssh/sshd_config /etc/ssh/sshd_config.pre-hardening
    { echo 'Include /etc/ssh/sshd_config.d/*.conf'; cat /etc/ssh/sshd_config.pre-hardening; } > /etc/ssh/sshd_config
  fi
  cat > "$DROPIN" <<CONF
# written by $(basename "$0") on $(date -u +%F)
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitEmptyPasswords no
PermitRootLogin prohibit-password
AuthenticationMethods publickey
CONF
  chmod 0644 "$DROPIN"
  chown root:root "$DROPIN"
  log "wrote $DROPIN"
}

reload_sshd() {
  if ! sshd -t; then
    rm -f "$DROPIN"
    fail "sshd -t rejected the new config; drop-in removed"
  fi
  for unit in ssh sshd; do
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1 &&
       systemctl is-active --quiet "$unit"; then
      systemctl reload "$unit"
      log "reloaded $unit.service"
      return 0
    fi
  done
  fail "no active ssh/sshd unit found; reload it by hand"
}

require_root
require_key_for "$TARGET_USER"
write_dropin
reload_sshd
log "done; open a NEW session with your key before closing this one"
