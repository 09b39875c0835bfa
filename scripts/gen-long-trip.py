#!/usr/bin/env python3
"""Generate Tests/Fixtures/valid/long-366-days.json: a full leap year (2028) on the road.

Deterministic: no randomness, so re-running produces the same bytes (given the same
tz database for the UTC offsets). The trip cycles through eight cities in blocks of
four days: arrive (travel + lodging), game, sightseeing (plus a game every other
block), rest. Ballparks are used April through September, arenas otherwise.

Usage: python3 scripts/gen-long-trip.py [output-path]
"""
import datetime as dt
import json
import os
import sys
from zoneinfo import ZoneInfo

START = dt.date(2028, 1, 1)
END = dt.date(2028, 12, 31)
BLOCK = 4

TEAMS = [
    # id, name, abbreviation, league, primary, secondary
    ("red-sox", "Boston Red Sox", "BOS", "MLB", "#BD3039", "#0C2340"),
    ("yankees", "New York Yankees", "NYY", "MLB", "#0C2340", "#C4CED3"),
    ("cubs", "Chicago Cubs", "CHC", "MLB", "#0E3386", "#CC3433"),
    ("cardinals", "St. Louis Cardinals", "STL", "MLB", "#C41E3A", "#0C2340"),
    ("rockies", "Colorado Rockies", "COL", "MLB", "#33006F", "#C4CED4"),
    ("diamondbacks", "Arizona Diamondbacks", "ARI", "MLB", "#A71930", "#E3D4AD"),
    ("giants", "San Francisco Giants", "SF", "MLB", "#FD5A1E", "#27251F"),
    ("mariners", "Seattle Mariners", "SEA", "MLB", "#0C2C56", "#005C5C"),
    ("celtics", "Boston Celtics", "BOS", "NBA", "#007A33", "#BA9653"),
    ("knicks", "New York Knicks", "NYK", "NBA", "#006BB6", "#F58426"),
    ("bulls", "Chicago Bulls", "CHI", "NBA", "#CE1141", "#000000"),
    ("nuggets", "Denver Nuggets", "DEN", "NBA", "#0E2240", "#FEC524"),
    ("suns", "Phoenix Suns", "PHX", "NBA", "#1D1160", "#E56020"),
    ("warriors", "Golden State Warriors", "GSW", "NBA", "#1D428A", "#FFC72C"),
    ("bruins", "Boston Bruins", "BOS", "NHL", "#FFB81C", "#000000"),
    ("rangers", "New York Rangers", "NYR", "NHL", "#0038A8", "#CE1126"),
    ("blackhawks", "Chicago Blackhawks", "CHI", "NHL", "#CF0A2C", "#000000"),
    ("blues", "St. Louis Blues", "STL", "NHL", "#002F87", "#FCB514"),
    ("avalanche", "Colorado Avalanche", "COL", "NHL", "#6F263D", "#236192"),
    ("kraken", "Seattle Kraken", "SEA", "NHL", "#001628", "#99D9D9"),
]
LEAGUE = {t[0]: t[3] for t in TEAMS}

STADIUMS = [
    # id, name, city, region, zone, lat, lon, address, home teams
    ("fenway-park", "Fenway Park", "Boston", "MA", "America/New_York", 42.3467, -71.0972, "4 Jersey St, Boston, MA 02215", ["red-sox"]),
    ("td-garden", "TD Garden", "Boston", "MA", "America/New_York", 42.3662, -71.0621, "100 Legends Way, Boston, MA 02114", ["celtics", "bruins"]),
    ("yankee-stadium", "Yankee Stadium", "New York", "NY", "America/New_York", 40.8296, -73.9262, "1 E 161st St, Bronx, NY 10451", ["yankees"]),
    ("madison-square-garden", "Madison Square Garden", "New York", "NY", "America/New_York", 40.7505, -73.9934, "4 Pennsylvania Plaza, New York, NY 10001", ["knicks", "rangers"]),
    ("wrigley-field", "Wrigley Field", "Chicago", "IL", "America/Chicago", 41.9484, -87.6553, "1060 W Addison St, Chicago, IL 60613", ["cubs"]),
    ("united-center", "United Center", "Chicago", "IL", "America/Chicago", 41.8807, -87.6742, "1901 W Madison St, Chicago, IL 60612", ["bulls", "blackhawks"]),
    ("busch-stadium", "Busch Stadium", "St. Louis", "MO", "America/Chicago", 38.6226, -90.1928, "700 Clark Ave, St. Louis, MO 63102", ["cardinals"]),
    ("enterprise-center", "Enterprise Center", "St. Louis", "MO", "America/Chicago", 38.6268, -90.2027, "1401 Clark Ave, St. Louis, MO 63103", ["blues"]),
    ("coors-field", "Coors Field", "Denver", "CO", "America/Denver", 39.7559, -104.9942, "2001 Blake St, Denver, CO 80205", ["rockies"]),
    ("ball-arena", "Ball Arena", "Denver", "CO", "America/Denver", 39.7487, -105.0077, "1000 Chopper Cir, Denver, CO 80204", ["nuggets", "avalanche"]),
    ("chase-field", "Chase Field", "Phoenix", "AZ", "America/Phoenix", 33.4455, -112.0667, "401 E Jefferson St, Phoenix, AZ 85004", ["diamondbacks"]),
    ("footprint-center", "Footprint Center", "Phoenix", "AZ", "America/Phoenix", 33.4457, -112.0712, "201 E Jefferson St, Phoenix, AZ 85004", ["suns"]),
    ("oracle-park", "Oracle Park", "San Francisco", "CA", "America/Los_Angeles", 37.7786, -122.3893, "24 Willie Mays Plaza, San Francisco, CA 94107", ["giants"]),
    ("chase-center", "Chase Center", "San Francisco", "CA", "America/Los_Angeles", 37.7680, -122.3877, "1 Warriors Way, San Francisco, CA 94158", ["warriors"]),
    ("t-mobile-park", "T-Mobile Park", "Seattle", "WA", "America/Los_Angeles", 47.5914, -122.3325, "1250 1st Ave S, Seattle, WA 98134", ["mariners"]),
    ("climate-pledge-arena", "Climate Pledge Arena", "Seattle", "WA", "America/Los_Angeles", 47.6221, -122.3540, "334 1st Ave N, Seattle, WA 98109", ["kraken"]),
]
BY_ID = {s[0]: s for s in STADIUMS}

# city, ballpark, arena, hotel, hotel address, sight, sight address
CITIES = [
    ("Boston", "fenway-park", "td-garden", "Omni Parker House", "60 School St, Boston, MA 02108",
     "Walk the Freedom Trail", "139 Tremont St, Boston, MA 02111"),
    ("New York", "yankee-stadium", "madison-square-garden", "The New Yorker, A Wyndham Hotel", "481 8th Ave, New York, NY 10001",
     "Loop around Central Park", "Central Park, New York, NY 10024"),
    ("Chicago", "wrigley-field", "united-center", "Palmer House Hilton", "17 E Monroe St, Chicago, IL 60603",
     "Art Institute of Chicago", "111 S Michigan Ave, Chicago, IL 60603"),
    ("St. Louis", "busch-stadium", "enterprise-center", "Hyatt Regency St. Louis at The Arch", "315 Chestnut St, St. Louis, MO 63102",
     "Tram to the top of the Gateway Arch", "11 N 4th St, St. Louis, MO 63102"),
    ("Denver", "coors-field", "ball-arena", "The Oxford Hotel", "1600 17th St, Denver, CO 80202",
     "Red Rocks Park", "18300 W Alameda Pkwy, Morrison, CO 80465"),
    ("Phoenix", "chase-field", "footprint-center", "Hotel San Carlos", "202 N Central Ave, Phoenix, AZ 85004",
     "Desert Botanical Garden", "1201 N Galvin Pkwy, Phoenix, AZ 85008"),
    ("San Francisco", "oracle-park", "chase-center", "Hotel Zetta San Francisco", "55 5th St, San Francisco, CA 94103",
     "Ferry to Alcatraz", "Pier 33, San Francisco, CA 94111"),
    ("Seattle", "t-mobile-park", "climate-pledge-arena", "The Edgewater", "2411 Alaskan Way, Seattle, WA 98121",
     "Pike Place Market", "85 Pike St, Seattle, WA 98101"),
]
# Leg from CITIES[i-1] to CITIES[i]: mode, metres, seconds.
LEGS = {
    "Boston": ("flight", 4004000, 19800),     # from Seattle
    "New York": ("drive", 346000, 13500),
    "Chicago": ("flight", 1180000, 9000),
    "St. Louis": ("drive", 478000, 16500),
    "Denver": ("flight", 1240000, 8400),
    "Phoenix": ("flight", 969000, 6900),
    "San Francisco": ("flight", 1050000, 7200),
    "Seattle": ("flight", 1093000, 7500),
}


def zone_of(city):
    return next(s[4] for s in STADIUMS if s[2] == city)


def rfc3339(date, hour, minute, zone):
    local = dt.datetime(date.year, date.month, date.day, hour, minute, tzinfo=ZoneInfo(zone))
    off = int(local.utcoffset().total_seconds())
    sign = "+" if off >= 0 else "-"
    off = abs(off)
    return f"{date.isoformat()}T{hour:02d}:{minute:02d}:00{sign}{off // 3600:02d}:{off % 3600 // 60:02d}"


def game_for(date, city_index, serial):
    city = CITIES[city_index]
    baseball = 4 <= date.month <= 9
    stadium = BY_ID[city[1] if baseball else city[2]]
    homes = stadium[8]
    home = homes[serial % len(homes)]
    league = LEAGUE[home]
    others = [t[0] for t in TEAMS if t[3] == league and t[0] != home]
    away = others[serial % len(others)]
    if league == "MLB":
        hour, minute = (13, 10) if date.weekday() == 6 else (19, 10)
    elif league == "NBA":
        hour, minute = 19, 30
    else:
        hour, minute = 19, 0
    return {
        "type": "game",
        "id": f"{date.isoformat()}-{away}-at-{home}",
        "league": league,
        "homeTeam": home,
        "awayTeam": away,
        "stadium": stadium[0],
        "startTime": rfc3339(date, hour, minute, stadium[4]),
    }


def build():
    days = []
    serial = 0
    n = (END - START).days + 1
    for i in range(n):
        date = START + dt.timedelta(days=i)
        block, pos = divmod(i, BLOCK)
        ci = block % len(CITIES)
        city = CITIES[ci]
        zone = zone_of(city[0])
        items = []
        day = {"date": date.isoformat(), "city": city[0]}
        if pos == 0:
            prev = CITIES[ci - 1]
            mode, metres, seconds = LEGS[city[0]]
            items.append({"type": "travel", "from": prev[0], "to": city[0], "mode": mode,
                          "distanceMeters": metres, "durationSeconds": seconds,
                          "departTime": rfc3339(date, 9, 0, zone_of(prev[0]))})
            checkout = min(date + dt.timedelta(days=BLOCK), END + dt.timedelta(days=1))
            items.append({"type": "lodging", "name": city[3], "address": city[4],
                          "checkIn": rfc3339(date, 15, 0, zone),
                          "checkOut": rfc3339(checkout, 8, 0, zone),
                          "confirmation": f"LY28-{block + 1:03d}"})
        elif pos == 1:
            serial += 1
            items.append(game_for(date, ci, serial))
        elif pos == 2:
            items.append({"type": "custom", "category": "activity", "title": city[5],
                          "time": rfc3339(date, 10, 0, zone), "address": city[6]})
            if block % 2 == 0:
                serial += 1
                items.append(game_for(date, ci, serial))
        else:
            day["title"] = "Rest day"
        day["items"] = items
        days.append(day)

    ballparks = sorted({g["stadium"] for d in days for g in d["items"]
                        if g["type"] == "game" and g["league"] == "MLB"})
    return {
        "schemaVersion": 1,
        "id": "long-366-days",
        "name": "A Year on the Road (2028)",
        "traveler": "Generated by scripts/gen-long-trip.py",
        "startDate": START.isoformat(),
        "endDate": END.isoformat(),
        "units": "imperial",
        "locale": "en_US",
        "teams": [dict(zip(("id", "name", "abbreviation", "league", "primaryColor", "secondaryColor"), t))
                  for t in TEAMS],
        "stadiums": [{"id": s[0], "name": s[1], "city": s[2], "region": s[3], "country": "US",
                      "timeZone": s[4], "latitude": s[5], "longitude": s[6], "address": s[7]}
                     for s in STADIUMS],
        "days": days,
        "progress": {"league": "MLB", "visitedStadiumIds": ballparks, "totalStadiums": 30},
    }


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Tests", "Fixtures", "valid", "long-366-days.json")
    trip = build()
    with open(out, "w", encoding="utf-8") as f:
        f.write(json.dumps(trip, indent=2, ensure_ascii=False) + "\n")
    games = sum(1 for d in trip["days"] for it in d["items"] if it["type"] == "game")
    print(f"wrote {out}: {len(trip['days'])} days, {games} games")


if __name__ == "__main__":
    main()
