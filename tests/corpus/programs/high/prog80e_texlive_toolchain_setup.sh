#!/usr/bin/env bash
# Install the manuscript conversion tool chain on an editorial workstation:
# TeX Live (journal class dependencies), pandoc, biber, ghostscript and the
# fonts the house styles expect. Supports Debian/Ubuntu and Fedora.
#
# usage: prog80e_texlive_toolchain_setup.sh [--minimal] [--with-fonts]
set -euo pipefail

MINIMAL=0
WITH_FONTS=0
STAMP_FILE=".toolchain_installed"

for arg in "$@"; do
  case "$arg" in
    --minimal)    MINIMAL=1 ;;
    --with-fonts) WITH_FONTS=1 ;;
    -h|--help)    sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done

note() { printf '\033[1m==>\033[0m %s\n' "$*"; }

elevate() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  elif command -v doas >/dev/null; then
    doas "$@"
  else
    echo "need root to run: $*" >&2
    return 1
  fi
}

detect_family() {
  local id id_like
  id="$(. /etc/os-release && echo "${ID:-}")"
  id_like="$(. /etc/os-release && echo "${ID_LIKE:-}")"
  case " $id $id_like " in
    *" debian "*|*" ubuntu "*) echo debian ;;
    *" fedora "*|*" rhel "*)   echo fedora ;;
    *) echo unknown ;;
  esac
}

debian_packages() {
  local pkgs=(pandoc biber ghostscript latexmk)
  if [[ $MINIMAL -eq 1 ]]; then
    pkgs+=(texlive-latex-recommended texlive-latex-extra texlive-bibtex-extra)
  else
    pkgs+=(texlive-full)
  fi
  [[ $WITH_FONTS -eq 1 ]] && pkgs+=(fonts-linuxlibertine fonts-stix fonts-noto-core)
  printf '%s\n' "${pkgs[@]}"
}

fedora_packages() {
  local pkgs=(pandoc biber ghostscript latexmk)
  if [[ $MINIMAL -eq 1 ]]; then
    pkgs+=(texlive-scheme-medium)
  else
    pkgs+=(texlive-scheme-full)
  fi
  [[ $WITH_FONTS -eq 1 ]] && pkgs+=(linux-libertine-fonts stix-fonts google-noto-serif-fonts)
  printf '%s\n' "${pkgs[@]}"
}

install_debian() {
  mapfile -t pkgs < <(debian_packages)
  note "apt: ${#pkgs[@]} packages"
  elevate env DEBIAN_FRONTEND=noninteractive apt-get update -q
  elevate env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${pkgs[@]}"
}

install_fedora() {
  mapfile -t pkgs < <(fedora_packages)
  note "dnf: ${#pkgs[@]} packages"
  elevate dnf install -y "${pkgs[@]}"
}

verify() {
  local missing=0
  for tool in pdflatex xelatex latexmk pandoc biber gs; do
    if command -v "$tool" >/dev/null; then
      printf '  %-10s %s\n' "$tool" "$("$tool" --version 2>&1 | head -n1)"
    else
      printf '  %-10s MISSING\n' "$tool"; missing=$((missing + 1))
    fi
  done
  return "$missing"
}

main() {
  if [[ -f "$STAMP_FILE" ]]; then
    note "tool chain already installed ($(cat "$STAMP_FILE")); verifying"
    verify && exit 0
  fi
  case "$(detect_family)" in
    debian) install_debian ;;
    fedora) install_fedora ;;
    *) echo "unsupported distribution" >&2; exit 1 ;;
  esac
  note "verifying"
  if verify; then
    date -u +%FT%TZ > "$STAMP_FILE"
    note "done"
  else
    echo "some tools are missing, see above" >&2
    exit 1
  fi
}

main
