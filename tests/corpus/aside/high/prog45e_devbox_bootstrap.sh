#!/usr/bin/env bash
# First-run bootstrap for a developer VM.
#  * installs the build toolchain from the distro repositories
#  * trusts the company root CA (shipped in this repo under certs/) so that
#    the internal package mirror and git server validate
#  * creates the project virtualenv in ./.venv
# Safe to re-run; every step checks whether it is already done.
set -euo pipefail

CA_SRC="certs/acme-internal-root.crt"
CA_NAME="acme-internal-root"
CA_SHA256="${CA_SHA256:-9f2c4e1b7d3a5f60c8e1d2b4a6f7089e3c5d7b9a1e2f4c6d8a0b1c3e5f7a9d2c}"
APT_PACKAGES=(build-essential git make jq python3-venv python3-dev libpq-dev)
DNF_PACKAGES=(gcc gcc-c++ git make jq python3-devel libpq-devel)

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }

if [[ $EUID -eq 0 ]]; then
  AS_ROOT=()
else
  AS_ROOT=(sudo --preserve-env=http_proxy,https_proxy)
  info "some steps need root; you may be asked for your sudo password"
  sudo -v
fi

distro_family() {
  local id like
  id=$(grep -E '^ID=' /etc/os-release | cut -d= -f2 | tr -d '"')
  like=$(grep -E '^ID_LIKE=' /etc/os-release | cut -d= -f2 | tr -d '"' || true)
  case " $id $like " in
    *" debian "*|*" ubuntu "*) echo debian ;;
    *" rhel "*|*" fedora "*|*" centos "*) echo rhel ;;
    *) echo unknown ;;
  esac
}

install_packages() {
  case "$1" in
    debian)
      "${AS_ROOT[@]}" apt-get update -qq
      "${AS_ROOT[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${APT_PACKAGES[@]}"
      ;;
    rhel)
      "${AS_ROOT[@]}" dnf install -y -q "${DNF_PACKAGES[@]}"
      ;;
    *)
      warn "unknown distro; install these yourself: ${APT_PACKAGES[*]}"
      ;;
  esac
}

trust_root_ca() {
  local family="$1" digest dest
  [[ -f "$CA_SRC" ]] || { warn "$CA_SRC missing, skipping CA step"; return 0; }
  digest=$(openssl x509 -in "$CA_SRC" -outform DER | sha256sum | cut -d' ' -f1)
  if [[ "$digest" != "$CA_SHA256" ]]; then
    warn "fingerprint mismatch for $CA_SRC ($digest); refusing to install"
    return 1
  fi
  case "$family" in
    debian)
      dest="/usr/local/share/ca-certificates/${CA_NAME}.crt"
      "${AS_ROOT[@]}" install -o root -g root -m 0644 "$CA_SRC" "$dest"
      "${AS_ROOT[@]}" update-ca-certificates
      ;;
    rhel)
      dest="/etc/pki/ca-trust/source/anchors/${CA_NAME}.crt"
      "${AS_ROOT[@]}" install -o root -g root -m 0644 "$CA_SRC" "$dest"
      "${AS_ROOT[@]}" update-ca-trust extract
      ;;
    *) warn "don't know where the trust store is on this distro"; return 0 ;;
  esac
  info "installed $CA_NAME into $dest"
}

setup_venv() {
  if [[ ! -x .venv/bin/python ]]; then
    python3 -m venv .venv
  fi
  .venv/bin/python -m pip install -q --upgrade pip wheel
  if [[ -f requirements-dev.txt ]]; then
    .venv/bin/python -m pip install -q -r requirements-dev.txt
  fi
  info "virtualenv ready: source .venv/bin/activate"
}

main() {
  local family
  family=$(distro_family)
  info "detected distro family: $family"
  install_packages "$family"
  trust_root_ca "$family"
  setup_venv
  info "bootstrap complete"
}

main "$@"
