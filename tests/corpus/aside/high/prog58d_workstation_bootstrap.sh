#!/usr/bin/env bash
# Bootstrap a fresh developer workstation: install the credential tooling
# the team uses (pass, gnupg, keyring daemon, git-credential-libsecret).
# Asks for the sudo password once and keeps the timestamp fresh while the
# long package installs run.
set -euo pipefail

PKGS_DEBIAN=(pass gnupg2 gnome-keyring libsecret-1-0 libsecret-1-dev git pinentry-curses)
PKGS_FEDORA=(pass gnupg2 gnome-keyring libsecret libsecret-devel git pinentry)
LOG_FILE="./bootstrap-$(date +%Y%m%d).log"
KEEPALIVE_PID=""

say() { printf '\033[1;34m==>\033[0m %s\n' "$*" | tee -a "$LOG_FILE"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

detect_family() {
  . /etc/os-release
  case " ${ID:-} ${ID_LIKE:-} " in
    *" debian "*|*" ubuntu "*) echo debian ;;
    *" fedora "*|*" rhel "*)   echo fedora ;;
    *) die "unsupported distribution: ${PRETTY_NAME:-unknown}" ;;
  esac
}

start_sudo_keepalive() {
  if ! sudo -n true 2>/dev/null; then
    say "sudo needs your password once for the package installs"
    sudo -v || die "sudo authentication failed"
  fi
  ( while kill -0 "$$" 2>/dev/null; do sudo -n -v 2>/dev/null; sleep 50; done ) &
  KEEPALIVE_PID=$!
}

stop_sudo_keepalive() {
  [[ -n "$KEEPALIVE_PID" ]] && kill "$KEEPALIVE_PID" 2>/dev/null || true
  sudo -k
}

install_packages() {
  local family=$1
  case "$family" in
    debian)
      sudo DEBIAN_FRONTEND=noninteractive apt-get update -qq
      sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PKGS_DEBIAN[@]}" ;;
    fedora)
      sudo dnf install -y -q "${PKGS_FEDORA[@]}" ;;
  esac
}

build_libsecret_helper() {
  local src=/usr/share/doc/git/contrib/credential/libsecret
  if [[ -d "$src" ]]; then
    say "building git-credential-libsecret"
    sudo make -C "$src" >>"$LOG_FILE" 2>&1
    git config --global credential.helper "$src/git-credential-libsecret"
  else
    say "libsecret helper sources not shipped here; skipping"
  fi
}

main() {
  [[ $EUID -eq 0 ]] && die "run as your normal user, not root"
  command -v sudo >/dev/null || die "sudo is not installed"
  trap stop_sudo_keepalive EXIT

  local family
  family=$(detect_family)
  say "detected $family family"
  start_sudo_keepalive
  install_packages "$family"
  build_libsecret_helper

  if ! gpg --list-secret-keys >/dev/null 2>&1 || [[ -z "$(gpg --list-secret-keys 2>/dev/null)" ]]; then
    say "no GPG key yet: run 'gpg --full-generate-key' and then 'pass init <key-id>'"
  fi
  say "done, log in $LOG_FILE"
}

main "$@"
