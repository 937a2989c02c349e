#!/bin/sh
# yubikey_gpg_setup.sh - prepare this workstation for GPG signing / SSH auth
# with a YubiKey (OpenPGP applet).
#
#   sh yubikey_gpg_setup.sh [-n]     -n: show what would change, change nothing
#
# - installs udev rules so the key is usable without root
# - makes scdaemon talk to pcscd (avoids "card not present" after suspend)
# - turns on gpg-agent's ssh support and pinentry for the desktop
set -eu

DRY=0
[ "${1:-}" = "-n" ] && DRY=1

GNUPGHOME="${GNUPGHOME:-$HOME/.gnupg}"
RULES=/etc/udev/rules.d/69-yubikey-gpg.rules

say() { printf '[yubikey-setup] %s\n' "$*"; }

run() {
  if [ "$DRY" -eq 1 ]; then
    say "would run: $*"
  else
    "$@"
  fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    run "$@"
  elif [ -t 0 ] && command -v sudo >/dev/null 2>&1; then
    run sudo "$@"
  else
    run pkexec "$@"
  fi
}

rules_body() {
  cat <<'EOF'
# Yubico YubiKey (all OTP+FIDO+CCID variants)
ACTION=="add|change", SUBSYSTEM=="usb", ATTRS{idVendor}=="1050", ATTRS{idProduct}=="0010|0110|0111|0114|0116|0401|0403|0405|0407|0410", TAG+="uaccess", MODE="0660", GROUP="plugdev"
ACTION=="add|change", KERNEL=="hidraw*", ATTRS{idVendor}=="1050", TAG+="uaccess", MODE="0660", GROUP="plugdev"
EOF
}

install_udev_rules() {
  tmp="$(mktemp -d)"
  rules_body >"$tmp/rules"
  if [ -f "$RULES" ] && cmp -s "$tmp/rules" "$RULES"; then
    say "udev rules already current"
  else
    say "installing $RULES"
    as_root install -m 0644 -o root -g root "$tmp/rules" "$RULES"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb --attr-match=idVendor=1050
  fi
  rm -rf "$tmp"
}

ensure_pcscd() {
  if command -v systemctl >/dev/null 2>&1 && systemctl list-unit-files pcscd.socket >/dev/null 2>&1; then
    say "enabling pcscd.socket"
    as_root systemctl enable --now pcscd.socket
  else
    say "pcscd not installed; install pcsc-lite / pcscd with your package manager"
  fi
}

set_conf_line() {
  file="$1"; line="$2"
  [ -f "$file" ] || { [ "$DRY" -eq 1 ] || : >"$file"; }
  if grep -qxF "$line" "$file" 2>/dev/null; then
    return 0
  fi
  say "$(basename "$file"): + $line"
  [ "$DRY" -eq 1 ] || printf '%s\n' "$line" >>"$file"
}

configure_gnupg() {
  [ "$DRY" -eq 1 ] || { mkdir -p "$GNUPGHOME"; chmod 700 "$GNUPGHOME"; }
  set_conf_line "$GNUPGHOME/scdaemon.conf" "disable-ccid"
  set_conf_line "$GNUPGHOME/scdaemon.conf" "pcsc-shared"
  set_conf_line "$GNUPGHOME/gpg-agent.conf" "enable-ssh-support"
  set_conf_line "$GNUPGHOME/gpg-agent.conf" "default-cache-ttl 600"
  for p in pinentry-gnome3 pinentry-qt pinentry-gtk-2 pinentry-curses; do
    if command -v "$p" >/dev/null 2>&1; then
      set_conf_line "$GNUPGHOME/gpg-agent.conf" "pinentry-program $(command -v "$p")"
      break
    fi
  done
  run gpgconf --kill scdaemon gpg-agent
}

install_udev_rules
ensure_pcscd
configure_gnupg

cat <<EOF

Done. To use the card for SSH, point SSH_AUTH_SOCK at gpg-agent in your shell:

    export SSH_AUTH_SOCK="\$(gpgconf --list-dirs agent-ssh-socket)"

Then insert the key and check: gpg --card-status && ssh-add -L
EOF
