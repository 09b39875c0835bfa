#!/usr/bin/env python3
"""Check trip.json files (Examples/ and Tests/Fixtures/valid/ by default) against the
version 1 rules in docs/trip-format.md, independently of the Swift loader.

Beyond the loader's rules it also checks the data is plausible: every game's UTC
offset is the stadium zone's offset at that instant (DST), a game starts on its
day's date in the stadium's zone, and other times carry the offset of the day's
city, the previous day's city or the travel leg's origin.

With jsonschema installed, each file is also validated against docs/trip.schema.json.

Usage: python3 scripts/check-examples.py [file ...]   (exit 1 if any problem)
"""
import datetime as dt
import glob
import json
import os
import re
import sys
from zoneinfo import ZoneInfo, available_timezones

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
INSTANT = re.compile(r"^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")
ZONES = available_timezones()

TOP = {"schemaVersion": True, "id": True, "name": False, "traveler": False, "startDate": True, "endDate": True,
       "units": False, "locale": False, "teams": False, "stadiums": False, "days": True, "progress": False,
       "extensions": False}
TEAM = {"id": True, "name": True, "abbreviation": True, "league": True, "primaryColor": False, "secondaryColor": False}
STADIUM = {"id": True, "name": True, "city": True, "region": False, "country": True, "timeZone": True,
           "latitude": True, "longitude": True, "address": False}
DAY = {"date": True, "city": True, "timeZone": False, "title": False, "notes": False, "items": True}
ITEM = {
    "game": {"type": True, "id": True, "league": True, "homeTeam": True, "awayTeam": True, "stadium": True,
             "startTime": True, "ticket": False, "notes": False},
    "travel": {"type": True, "from": True, "to": True, "mode": True, "distanceMeters": False,
               "durationSeconds": False, "departTime": False, "fromTimeZone": False, "toTimeZone": False, "notes": False},
    "lodging": {"type": True, "name": True, "address": False, "checkIn": False, "checkOut": False,
                "timeZone": False, "confirmation": False, "notes": False},
    "custom": {"type": True, "category": True, "title": True, "time": False, "timeZone": False, "address": False,
               "url": False, "notes": False},
}
TICKET = {"section": False, "row": False, "seats": False, "url": False}
PROGRESS = {"league": True, "visitedStadiumIds": True, "totalStadiums": True, "visitedCount": False}
MODES = {"drive", "flight", "train", "bus", "walk", "other"}
CATEGORIES = {"restaurant", "activity", "note", "other"}


def parse_date(s):
    m = DATE.match(s) if isinstance(s, str) else None
    if not m:
        return None
    try:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def parse_instant(s):
    """(aware datetime, written offset in seconds) or None."""
    m = INSTANT.match(s) if isinstance(s, str) else None
    if not m or parse_date(m[1]) is None:
        return None
    off = 0 if m[6] in "Zz" else (1 if m[6][0] == "+" else -1) * (int(m[6][1:3]) * 3600 + int(m[6][4:6]) * 60)
    d = parse_date(m[1])
    local = dt.datetime(d.year, d.month, d.day, int(m[2]), int(m[3]), min(int(m[4]), 59))
    return local.replace(tzinfo=dt.timezone(dt.timedelta(seconds=off))), off


class Checker:
    def __init__(self):
        self.problems = []

    def err(self, path, msg):
        self.problems.append(f"{path}: {msg}" if path else msg)

    def obj(self, o, spec, path):
        if not isinstance(o, dict):
            self.err(path, "must be an object")
            return False
        for k in o:
            if k not in spec:
                self.err(f"{path}.{k}" if path else k, "unknown key")
        for k, req in spec.items():
            if req and k not in o:
                self.err(path, f'missing required key "{k}"')
        return True

    def string(self, o, key, path, required=True, max_len=2000, min_len=None):
        if key not in o:
            return None
        v = o[key]
        p = f"{path}.{key}" if path else key
        if not isinstance(v, str):
            self.err(p, "must be a string")
            return None
        if required and v.strip() == "":
            self.err(p, "must not be empty or only whitespace")
        if min_len is not None and len(v) < min_len:
            self.err(p, f"must be at least {min_len} characters")
        if len(v) > max_len:
            self.err(p, f"is {len(v)} characters; the limit is {max_len}")
        return v

    def url(self, o, key, path):
        v = self.string(o, key, path, required=False)
        if v is not None and not re.match(r"^https?://[^\s]+$", v):
            self.err(f"{path}.{key}", "must be an http or https URL")

    def instant(self, o, key, path, required=False):
        v = self.string(o, key, path, required)
        if v is None:
            return None
        r = parse_instant(v)
        if r is None:
            self.err(f"{path}.{key}", f'not an RFC 3339 time: "{v}"')
        return r

    def number(self, o, key, path, lo=None, hi=None, integer=False):
        if key not in o:
            return None
        v = o[key]
        p = f"{path}.{key}" if path else key
        if isinstance(v, bool) or not isinstance(v, (int, float)) or (integer and not isinstance(v, int)):
            self.err(p, "must be an integer" if integer else "must be a number")
            return None
        if lo is not None and v < lo:
            self.err(p, f"must be >= {lo}")
        if hi is not None and v > hi:
            self.err(p, f"must be <= {hi}")
        return v

    def check_strings(self, node, path=""):
        if isinstance(node, str) and len(node) > 2000:
            self.err(path, "string longer than 2000 characters")
        elif isinstance(node, dict):
            for k, v in node.items():
                self.check_strings(v, f"{path}.{k}" if path else k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                self.check_strings(v, f"{path}[{i}]")

    def depth(self, node):
        if isinstance(node, dict):
            return 1 + max((self.depth(v) for v in node.values()), default=0)
        if isinstance(node, list):
            return 1 + max((self.depth(v) for v in node), default=0)
        return 0

    def check(self, trip):
        if not self.obj(trip, TOP, ""):
            return
        if self.depth(trip) > 64:
            self.err("", "nested deeper than 64 levels")
        self.check_strings(trip)
        if trip.get("schemaVersion") != 1 or isinstance(trip.get("schemaVersion"), bool):
            self.err("schemaVersion", "must be 1")
        self.string(trip, "id", "", max_len=128)
        self.string(trip, "name", "", required=False)
        self.string(trip, "traveler", "", required=False)
        if trip.get("units", "imperial") not in ("imperial", "metric"):
            self.err("units", 'must be "imperial" or "metric"')
        loc = self.string(trip, "locale", "", required=False)
        if loc is not None and not re.match(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$", loc):
            self.err("locale", f'not a locale identifier: "{loc}"')
        if "extensions" in trip and not isinstance(trip["extensions"], dict):
            self.err("extensions", "must be an object")
        start, end = parse_date(trip.get("startDate")), parse_date(trip.get("endDate"))
        if start is None:
            self.err("startDate", "must be a date YYYY-MM-DD")
        if end is None:
            self.err("endDate", "must be a date YYYY-MM-DD")
        if start and end:
            if end < start:
                self.err("endDate", "is before startDate")
            elif (end - start).days + 1 > 366:
                self.err("endDate", "trip is longer than 366 days")

        teams, stadiums = {}, {}
        for i, t in enumerate(trip.get("teams", [])):
            p = f"teams[{i}]"
            if not self.obj(t, TEAM, p):
                continue
            for k in ("id", "name", "league"):
                self.string(t, k, p)
            ab = self.string(t, "abbreviation", p)
            if ab is not None and not 2 <= len(ab) <= 4:
                self.err(f"{p}.abbreviation", "must be 2-4 characters")
            for k in ("primaryColor", "secondaryColor"):
                c = self.string(t, k, p, required=False)
                if c is not None and not COLOR.match(c):
                    self.err(f"{p}.{k}", f'not a #RRGGBB colour: "{c}"')
            if t.get("id") in teams:
                self.err(f"{p}.id", f'duplicate team id "{t["id"]}"')
            teams[t.get("id")] = t
        for i, s in enumerate(trip.get("stadiums", [])):
            p = f"stadiums[{i}]"
            if not self.obj(s, STADIUM, p):
                continue
            for k in ("id", "name", "city"):
                self.string(s, k, p)
            self.string(s, "region", p, required=False)
            self.string(s, "address", p, required=False)
            c = self.string(s, "country", p)
            if c is not None and not re.match(r"^[A-Z]{2}$", c):
                self.err(f"{p}.country", "must be an upper-case ISO 3166 alpha-2 code")
            z = self.string(s, "timeZone", p)
            if z is not None and z not in ZONES:
                self.err(f"{p}.timeZone", f'unknown time zone "{z}"')
            self.number(s, "latitude", p, -90, 90)
            self.number(s, "longitude", p, -180, 180)
            if s.get("id") in stadiums:
                self.err(f"{p}.id", f'duplicate stadium id "{s["id"]}"')
            stadiums[s.get("id")] = s

        city_zone = {}
        for s in stadiums.values():
            if isinstance(s, dict) and s.get("timeZone") in ZONES:
                city_zone.setdefault(str(s.get("city")).lower(), s["timeZone"])

        days = trip.get("days")
        if not isinstance(days, list) or not days:
            self.err("days", "must be a non-empty array")
            return
        game_ids = set()
        # As the renderer does: before any day with a stadium city, the first game's stadium zone.
        first_game = next((it for d in days if isinstance(d, dict) for it in d.get("items", [])
                           if isinstance(it, dict) and it.get("type") == "game"
                           and isinstance(stadiums.get(it.get("stadium")), dict)), None)
        prev_zone = stadiums[first_game["stadium"]].get("timeZone") if first_game else None
        for di, d in enumerate(days):
            p = f"days[{di}]"
            if not self.obj(d, DAY, p):
                continue
            date = parse_date(d.get("date"))
            if date is None:
                self.err(f"{p}.date", "must be a date YYYY-MM-DD")
            elif start and date != start + dt.timedelta(days=di):
                self.err(f"{p}.date", f"expected {start + dt.timedelta(days=di)} (days must cover startDate...endDate in order)")
            city = self.string(d, "city", p)
            self.string(d, "title", p, required=False)
            self.string(d, "notes", p, required=False)
            day_zone = d.get("timeZone")
            if day_zone is not None and day_zone not in ZONES:
                self.err(f"{p}.timeZone", "unknown time zone")
            zone = city_zone.get(str(city).lower(), prev_zone)
            ok_zones = {z for z in (zone, prev_zone) if z}
            items = d.get("items")
            if not isinstance(items, list):
                self.err(f"{p}.items", "must be an array")
                items = []
            for ii, it in enumerate(items):
                ip = f"{p}.items[{ii}]"
                if not isinstance(it, dict) or it.get("type") not in ITEM:
                    self.err(f"{ip}.type", "must be game, travel, lodging or custom")
                    continue
                kind = it["type"]
                self.obj(it, ITEM[kind], ip)
                # A zone the item (or its day) names says where its times are: nothing to guess.
                named = [it.get(k) for k in ("timeZone", "fromTimeZone", "toTimeZone") if k in it]
                for k in ("timeZone", "fromTimeZone", "toTimeZone"):
                    if k in it and it[k] not in ZONES:
                        self.err(f"{ip}.{k}", "unknown time zone")
                explicit = bool(named) or day_zone is not None
                self.string(it, "notes", ip, required=False)
                times = []
                if kind == "game":
                    for k in ("id", "league", "homeTeam", "awayTeam", "stadium"):
                        self.string(it, k, ip)
                    if it.get("id") in game_ids:
                        self.err(f"{ip}.id", f'duplicate game id "{it["id"]}"')
                    game_ids.add(it.get("id"))
                    for k in ("homeTeam", "awayTeam"):
                        if k in it and it[k] not in teams:
                            self.err(f"{ip}.{k}", f'unknown team id "{it[k]}"')
                    if it.get("homeTeam") == it.get("awayTeam"):
                        self.err(f"{ip}.awayTeam", "same team as homeTeam")
                    if "stadium" in it and it["stadium"] not in stadiums:
                        self.err(f"{ip}.stadium", f'unknown stadium id "{it["stadium"]}"')
                    st = self.instant(it, "startTime", ip, required=True)
                    sz = stadiums.get(it.get("stadium"), {}).get("timeZone")
                    if st and sz in ZONES:
                        inst, off = st
                        want = inst.astimezone(ZoneInfo(sz))
                        if int(want.utcoffset().total_seconds()) != off:
                            self.err(f"{ip}.startTime", f"offset {off / 3600:+g}h is not {sz}'s offset at that instant ({want.utcoffset().total_seconds() / 3600:+g}h)")
                        if date and want.date() != date:
                            self.err(f"{ip}.startTime", f"starts on {want.date()} in {sz}, not on the day's date {date}")
                    tk = it.get("ticket")
                    if tk is not None and self.obj(tk, TICKET, f"{ip}.ticket"):
                        for k in ("section", "row", "seats"):
                            self.string(tk, k, f"{ip}.ticket", required=False)
                        self.url(tk, "url", f"{ip}.ticket")
                elif kind == "travel":
                    self.string(it, "from", ip)
                    self.string(it, "to", ip)
                    if it.get("mode") not in MODES:
                        self.err(f"{ip}.mode", "unknown travel mode")
                    self.number(it, "distanceMeters", ip, 0)
                    self.number(it, "durationSeconds", ip, 0)
                    dep = self.instant(it, "departTime", ip)
                    # An origin with no stadium in the trip has no known zone: nothing to compare with.
                    if str(it.get("from")).lower() in city_zone or it.get("from") == city:
                        times.append(("departTime", dep, city_zone.get(str(it.get("from")).lower())))
                elif kind == "lodging":
                    self.string(it, "name", ip)
                    self.string(it, "address", ip, required=False)
                    self.string(it, "confirmation", ip, required=False)
                    ci = self.instant(it, "checkIn", ip)
                    co = self.instant(it, "checkOut", ip)
                    times += [("checkIn", ci, None), ("checkOut", co, None)]
                    if ci and co and co[0] <= ci[0]:
                        self.err(f"{ip}.checkOut", "is not after checkIn")
                else:
                    if it.get("category") not in CATEGORIES:
                        self.err(f"{ip}.category", "unknown category")
                    self.string(it, "title", ip)
                    self.string(it, "address", ip, required=False)
                    self.url(it, "url", ip)
                    times.append(("time", self.instant(it, "time", ip), None))
                # Plausibility: other times are written in a zone the traveller is in.
                for key, r, extra in times:
                    if not r or explicit:
                        continue
                    inst, off = r
                    zs = ok_zones | ({extra} if extra else set())
                    if zs and not any(int(inst.astimezone(ZoneInfo(z)).utcoffset().total_seconds()) == off for z in zs):
                        self.err(f"{ip}.{key}", f"offset {off / 3600:+g}h matches none of {sorted(zs)} (warning-level)")
            prev_zone = zone
        if start and end and len(days) != (end - start).days + 1:
            self.err("days", f"has {len(days)} days; startDate...endDate needs {(end - start).days + 1}")

        pr = trip.get("progress")
        if pr is not None and self.obj(pr, PROGRESS, "progress"):
            self.string(pr, "league", "progress")
            ids = pr.get("visitedStadiumIds")
            if not isinstance(ids, list) or not all(isinstance(x, str) and x.strip() for x in ids):
                self.err("progress.visitedStadiumIds", "must be an array of non-empty strings")
            total = self.number(pr, "totalStadiums", "progress", 1, integer=True)
            count = self.number(pr, "visitedCount", "progress", 0, integer=True)
            if total is not None:
                if count is not None and count > total:
                    self.err("progress.visitedCount", "exceeds totalStadiums")
                elif count is None and isinstance(ids, list) and len(ids) > total:
                    self.err("progress.visitedStadiumIds", "lists more stadiums than totalStadiums")


def main(argv):
    files = argv[1:] or sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")) +
                               glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "valid", "*.json")))
    try:
        import jsonschema
        with open(os.path.join(ROOT, "docs", "trip.schema.json"), encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
    except ImportError:
        validator = None
        print("note: jsonschema not installed; skipping schema validation")
    failed = 0
    for path in files:
        rel = os.path.relpath(path, ROOT)
        raw = open(path, "rb").read()
        c = Checker()
        if len(raw) > 8 * 1024 * 1024:
            c.err("", "file is larger than 8 MiB")
        try:
            trip = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            print(f"FAIL {rel}: not JSON: {e}")
            failed += 1
            continue
        c.check(trip)
        if validator is not None:
            for e in sorted(validator.iter_errors(trip), key=lambda e: list(e.absolute_path)):
                c.err("schema " + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path),
                      e.message[:200])
        if c.problems:
            failed += 1
            print(f"FAIL {rel}")
            for p in c.problems:
                print("   ", p)
        else:
            days = trip["days"]
            games = sum(1 for d in days for it in d["items"] if it.get("type") == "game")
            print(f"ok   {rel}: {len(days)} days, {games} games" + (", schema ok" if validator else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
