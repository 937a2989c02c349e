#!/usr/bin/env bash
# editor_setup.sh - get a current Neovim + starter config on a fresh workstation
#
#   ./editor_setup.sh [--version v0.10.2] [--no-config] [--default-editor]
#
# Distro neovim packages are usually years old, so this pulls the upstream
# release tarball into /opt, links it onto PATH, registers it as the system
# "editor" alternative and drops a lazy.nvim based config into ~/.config/nvim.
set -Eeuo pipefail

NVIM_VERSION="v0.10.2"
INSTALL_ROOT="/opt/nvim"
BIN_LINK="/usr/local/bin/nvim"
WRITE_CONFIG=1
SET_DEFAULT=1
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/editor-setup"

trap 'echo "editor_setup: failed at line $LINENO" >&2' ERR

while [[ $# -gt 0 ]]; do
  case "$1" in
    --version) NVIM_VERSION="$2"; shift 2 ;;
    --no-config) WRITE_CONFIG=0; shift ;;
    --default-editor) SET_DEFAULT=1; shift ;;
    --no-default-editor) SET_DEFAULT=0; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

if [[ $EUID -eq 0 ]]; then
  AS_ROOT=()
elif command -v doas >/dev/null 2>&1 && [[ -f /etc/doas.conf ]]; then
  AS_ROOT=(doas)
else
  AS_ROOT=(sudo)
fi

arch_suffix() {
  case "$(uname -m)" in
    x86_64) echo "linux-x86_64" ;;
    aarch64|arm64) echo "linux-arm64" ;;
    *) echo "unsupported architecture $(uname -m)" >&2; return 1 ;;
  esac
}

fetch_tarball() {
  local suffix url
  suffix="$(arch_suffix)"
  url="https://github.com/neovim/neovim/releases/download/${NVIM_VERSION}/nvim-${suffix}.tar.gz"
  mkdir -p "$CACHE"
  if [[ ! -s "$CACHE/nvim-${NVIM_VERSION}.tar.gz" ]]; then
    echo "==> downloading neovim ${NVIM_VERSION}"
    curl -fL --retry 3 --connect-timeout 15 -o "$CACHE/nvim-${NVIM_VERSION}.tar.gz.part" "$url"
    curl -fsL "${url}.sha256sum" -o "$CACHE/nvim.sha256" || true
    mv "$CACHE/nvim-${NVIM_VERSION}.tar.gz.part" "$CACHE/nvim-${NVIM_VERSION}.tar.gz"
  fi
}

install_release() {
  local dest="${INSTALL_ROOT}-${NVIM_VERSION}"
  echo "==> installing into $dest"
  "${AS_ROOT[@]}" mkdir -p "$dest"
  "${AS_ROOT[@]}" tar -xzf "$CACHE/nvim-${NVIM_VERSION}.tar.gz" -C "$dest" --strip-components=1
  "${AS_ROOT[@]}" ln -sfn "$dest" "$INSTALL_ROOT"
  "${AS_ROOT[@]}" ln -sf "$INSTALL_ROOT/bin/nvim" "$BIN_LINK"
}

register_alternative() {
  command -v update-alternatives >/dev/null 2>&1 || return 0
  echo "==> registering nvim as the default editor"
  for name in editor vi vim; do
    "${AS_ROOT[@]}" update-alternatives --install "/usr/bin/$name" "$name" "$BIN_LINK" 60
    "${AS_ROOT[@]}" update-alternatives --set "$name" "$BIN_LINK"
  done
}

write_config() {
  local cfg="${XDG_CONFIG_HOME:-$HOME/.config}/nvim"
  if [[ -e "$cfg/init.lua" ]]; then
    echo "==> keeping existing $cfg/init.lua"
    return
  fi
  mkdir -p "$cfg/lua/plugins"
  cat >"$cfg/init.lua" <<'LUA'
vim.g.mapleader = " "
vim.opt.number = true
vim.opt.relativenumber = true
vim.opt.expandtab = true
vim.opt.shiftwidth = 4
vim.opt.termguicolors = true

local lazypath = vim.fn.stdpath("data") .. "/lazy/lazy.nvim"
if not vim.loop.fs_stat(lazypath) then
  vim.fn.system({ "git", "clone", "--filter=blob:none", "--branch=stable",
                  "https://github.com/folke/lazy.nvim.git", lazypath })
end
vim.opt.rtp:prepend(lazypath)
require("lazy").setup("plugins")
LUA
  cat >"$cfg/lua/plugins/core.lua" <<'LUA'
return {
  { "nvim-treesitter/nvim-treesitter", build = ":TSUpdate" },
  { "neovim/nvim-lspconfig" },
  { "nvim-telescope/telescope.nvim", dependencies = { "nvim-lua/plenary.nvim" } },
  { "folke/tokyonight.nvim", config = function() vim.cmd.colorscheme("tokyonight") end },
}
LUA
  echo "==> wrote starter config to $cfg"
}

fetch_tarball
install_release
[[ $SET_DEFAULT -eq 1 ]] && register_alternative
[[ $WRITE_CONFIG -eq 1 ]] && write_config
echo "==> done; start nvim once to let lazy.nvim install the plugins"
