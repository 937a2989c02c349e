# book club tracker - keeps a list of books we read and who liked them
# uses sqlite so my mum can open it too
import sqlite3
import sys
import datetime

DB = "bookclub.db"
conn = None
cur = None

try:
    conn = sqlite3.connect(DB)
    cur = conn.cursor()
except:
    print("cant open db")
    sys.exit(1)

cur.execute("CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY, title TEXT, author TEXT, added TEXT)")
cur.execute("CREATE TABLE IF NOT EXISTS ratings (book_id INTEGER, member TEXT, stars INTEGER)")
conn.commit()
print("DEBUG db ready")

while True:
    print("")
    print("1) add book  2) rate book  3) search  4) list  5) top books  0) quit")
    choice = input("> ").strip()

    if choice == "0":
        break

    elif choice == "1":
        title = input("title: ")
        author = input("author: ")
        today = datetime.date.today().isoformat()
        sql = "INSERT INTO books (title, author, added) VALUES ('%s', '%s', '%s')" % (title, author, today)
        print("DEBUG", sql)
        try:
            cur.execute(sql)
            conn.commit()
            print("added!")
        except:
            print("something went wrong adding that")

    elif choice == "2":
        title = input("which book (title): ")
        member = input("your name: ")
        stars = input("stars 1-5: ")
        sql = "SELECT id FROM books WHERE title = '" + title + "'"
        print("DEBUG", sql)
        try:
            row = cur.execute(sql).fetchone()
            if row == None:
                print("no book called that")
                continue
            cur.execute("INSERT INTO ratings VALUES (%d, '%s', %s)" % (row[0], member, stars))
            conn.commit()
            print("thanks", member)
        except:
            print("rating failed")

    elif choice == "3":
        word = input("search for: ")
        sql = f"SELECT title, author FROM books WHERE title LIKE '%{word}%' OR author LIKE '%{word}%'"
        print("DEBUG", sql)
        try:
            for r in cur.execute(sql):
                print(" -", r[0], "by", r[1])
        except:
            print("search broke")

    elif choice == "4":
        try:
            for r in cur.execute("SELECT id, title, author, added FROM books ORDER BY added"):
                print(r[0], "|", r[1], "|", r[2], "|", r[3])
        except:
            print("list broke")

    elif choice == "5":
        try:
            q = ("SELECT b.title, AVG(r.stars), COUNT(*) FROM books b JOIN ratings r ON b.id = r.book_id "
                 "GROUP BY b.id ORDER BY AVG(r.stars) DESC LIMIT 5")
            for r in cur.execute(q):
                print(r[0], "-", round(r[1], 1), "stars from", r[2], "people")
        except:
            print("top list broke")

    else:
        print("??? pick a number")

conn.close()
print("bye!")
