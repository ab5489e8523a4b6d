package org.marketlab.sandbox.world;

import org.marketlab.spi.PublishedTable;

import java.util.List;

/**
 * The world's vocabulary: the categories and topics its events are about, the tags of each, and the names its
 * questions use. Leagues, teams, offices, parties, indicators, companies and assets are real; every person, film,
 * album, song, show and game is invented (a question never puts an outcome in a real person's mouth).
 */
final class Catalogue {

    private Catalogue() {
    }

    /**
     * A topic: its category (the event's {@code category}, first tag of its family), its label (the event's
     * {@code subcategory}), its tags (the category's first), and how often the world asks about it.
     */
    record Topic(String category, String label, List<String> tags, double weight) {
    }

    static final List<String> CATEGORIES = List.of("Politics", "Sports", "Crypto", "Economics", "Culture", "Science",
            "Business", "World");
    /** How much of the world each category makes up (and how much it trades, relative to the others). */
    static final double[] CATEGORY_WEIGHT = {1.2, 1.6, 1.3, 1.0, 0.6, 0.6, 0.7, 0.6};
    static final double[] CATEGORY_VOLUME = {1.8, 1.3, 1.6, 1.0, 0.4, 0.35, 0.5, 0.7};

    /** The topics, from {@code topics.csv} beside this class: the world's table of what it asks about. */
    static final List<Topic> TOPICS = rows("topics.csv", "category,label,weight,tags").stream()
            .map(f -> new Topic(f.get(0), f.get(1), List.of(f.get(3).split("\\|")), Double.parseDouble(f.get(2))))
            .toList();

    /** The rows of one of the world's tables, a CSV file beside this class whose first line is {@code header}. */
    static List<List<String>> rows(String name, String header) {
        return PublishedTable.rows(Catalogue.class, name, header);
    }

    /** One league's teams from {@code teams.csv}, in the file's order: {name, short name} each. */
    private static String[][] teams(String league) {
        String[][] out = rows("teams.csv", "league,name,short").stream()
                .filter(f -> f.get(0).equals(league))
                .map(f -> new String[]{f.get(1), f.get(2)})
                .toArray(String[][]::new);
        if (out.length == 0) throw new IllegalStateException("teams.csv has no teams of " + league);
        return out;
    }

    /** Tags an event can carry beyond its topic's: the country, company or asset it is about. */
    static final List<String> SUBJECT_TAGS = List.of("UK", "Germany", "France", "Canada", "Japan", "Brazil", "Australia",
            "Nvidia", "Microsoft", "Apple", "Alphabet", "Amazon", "Meta", "OpenAI", "Anthropic", "Gold", "Oil", "Silver",
            "S&P 500", "Nasdaq", "Governors", "Senate", "House", "Trump", "Stablecoins", "ETFs", "Spotify", "Oscars", "Grammys",
            "Box Office", "World Series", "Super Bowl", "NBA Finals", "Stanley Cup", "Grand Slam", "Majors", "Starship",
            "NASA", "WHO", "Israel", "Iran", "Saudi Arabia", "Taiwan", "EU", "Mexico", "India");

    /** Which category a subject tag belongs to (its family, for related tags). */
    static String familyOf(String subjectTag) {
        return switch (subjectTag) {
            case "UK", "Germany", "France", "Canada", "Japan", "Brazil", "Australia", "Governors", "Senate", "House", "Trump" -> "Politics";
            case "Nvidia", "Microsoft", "Apple", "Alphabet", "Amazon", "Meta" -> "Business";
            case "OpenAI", "Anthropic", "Starship", "NASA", "WHO" -> "Science";
            case "Gold", "Oil", "Silver", "S&P 500", "Nasdaq", "EU", "Mexico", "India" -> "Economics";
            case "Stablecoins", "ETFs" -> "Crypto";
            case "Spotify", "Oscars", "Grammys", "Box Office" -> "Culture";
            case "World Series", "Super Bowl", "NBA Finals", "Stanley Cup", "Grand Slam", "Majors" -> "Sports";
            default -> "World";
        };
    }

    static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"};

    // ---- people, places and things ----------------------------------------------------------------------------------

    static final String[] FIRST_NAMES = {"Alex", "Maria", "James", "Sofia", "Daniel", "Elena", "Marcus", "Priya",
            "Lucas", "Hannah", "Mateo", "Chloe", "Ravi", "Ingrid", "Tomas", "Amara", "Felix", "Yuki", "Omar", "Clara",
            "Noah", "Leila", "Victor", "Nadia", "Henrik", "Zara", "Diego", "Mei", "Samuel", "Freya", "Andre", "Lina",
            "Julian", "Aisha", "Mikael", "Rosa", "Owen", "Tara", "Emil", "Iris"};
    static final String[] SURNAMES = {"Alvarez", "Bennett", "Castellano", "Dubois", "Eriksen", "Fujita", "Garrido",
            "Hartley", "Ivanova", "Johansson", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrakis",
            "Quinlan", "Rossetti", "Sandoval", "Takeda", "Umarov", "Varga", "Whitmore", "Xiang", "Yilmaz", "Zeller",
            "Abernathy", "Brennan", "Carvalho", "Delacroix", "Esposito", "Fairbanks", "Galloway", "Halvorsen",
            "Iwasaki", "Jurado", "Kavanagh", "Lombardi", "Marchetti", "Navarro", "Oyelaran", "Pellegrini", "Rahimi",
            "Stavros", "Thorne", "Underhill", "Valdivia", "Winslow", "Yamada", "Zubiri"};

    /** Invented titles: an adjective and a noun, or "The" and a noun. */
    static final String[] TITLE_WORDS_A = {"Silver", "Northern", "Quiet", "Broken", "Golden", "Hollow", "Electric",
            "Last", "Paper", "Crimson", "Distant", "Glass", "Velvet", "Wild", "Burning", "Midnight", "Salt", "Iron",
            "Lonely", "Bright"};
    static final String[] TITLE_WORDS_B = {"Harbor", "Orchard", "Static", "Horizon", "Kingdom", "Signal", "Frontier",
            "Garden", "Echo", "Empire", "Tide", "Lantern", "River", "Summer", "Machine", "Crown", "Meridian", "Archive",
            "Comet", "Season"};

    // ---- leagues ------------------------------------------------------------------------------------------------------

    /** Teams by league ({@code teams.csv}): a city or club name and a short name the questions use. */
    static final String[][] NBA = teams("NBA");
    static final String[][] NFL = teams("NFL");
    static final String[][] MLB = teams("MLB");
    static final String[][] NHL = teams("NHL");
    static final String[][] EPL = teams("EPL");
    static final String[][] UCL = teams("UCL");
    static final String[] F1_TEAMS = {"McLaren", "Ferrari", "Red Bull Racing", "Mercedes", "Aston Martin", "Alpine",
            "Williams", "Haas", "Racing Bulls", "Audi"};
    static final String[] GRANDS_PRIX = {"Australian", "Chinese", "Japanese", "Bahrain", "Saudi Arabian", "Miami",
            "Emilia-Romagna", "Monaco", "Spanish", "Canadian", "Austrian", "British", "Belgian", "Hungarian", "Dutch",
            "Italian", "Azerbaijan", "Singapore", "United States", "Mexico City", "São Paulo", "Las Vegas", "Qatar",
            "Abu Dhabi"};
    /** Grand Slam and golf majors with the month and day their finals are played. */
    static final Object[][] TENNIS_MAJORS = {{"Australian Open", 1, 31}, {"French Open", 6, 7}, {"Wimbledon", 7, 12},
            {"US Open", 9, 13}};
    static final Object[][] GOLF_MAJORS = {{"The Masters", 4, 12}, {"PGA Championship", 5, 17}, {"U.S. Open", 6, 21},
            {"The Open Championship", 7, 19}};

    // ---- offices, parties, indicators, companies ----------------------------------------------------------------------

    /** Elections abroad: country, what is elected, the parties or "" for a race of people, first date, cycle in years. */
    static final Object[][] ELECTIONS = {
            {"UK", "general election", new String[]{"Labour", "Conservatives", "Reform UK", "Liberal Democrats", "Greens"}, "2024-07-04", 5},
            {"Germany", "federal election", new String[]{"CDU/CSU", "AfD", "SPD", "Greens", "Die Linke"}, "2025-02-23", 4},
            {"France", "presidential election", null, "2022-04-24", 5},
            {"Canada", "federal election", new String[]{"Liberal", "Conservative", "NDP", "Bloc Québécois"}, "2025-04-28", 4},
            {"Japan", "general election", new String[]{"LDP", "CDP", "Ishin", "DPFP", "Komeito"}, "2024-10-27", 4},
            {"Brazil", "presidential election", null, "2022-10-30", 4},
            {"Australia", "federal election", new String[]{"Labor", "Coalition", "Greens"}, "2025-05-03", 3}};
    static final String[] STATES = {"Arizona", "California", "Colorado", "Florida", "Georgia", "Michigan", "Nevada",
            "New York", "Ohio", "Pennsylvania", "Texas", "Wisconsin", "Minnesota", "Iowa"};
    static final String[] BILLS = {"a federal budget", "a crypto market-structure bill", "a border security bill",
            "a farm bill", "a federal privacy law", "an AI safety bill", "a permitting reform bill", "a debt-ceiling increase"};
    static final String[] CASES = {"the tariff-authority case", "the birthright-citizenship case", "the agency-independence case",
            "the age-verification case", "the campaign-finance case", "the Voting Rights Act case"};
    static final String[] COMPANIES = {"Nvidia", "Microsoft", "Apple", "Alphabet", "Amazon", "Meta", "Broadcom",
            "Saudi Aramco", "Tesla", "Netflix", "Oracle", "Intel", "Salesforce", "Adobe"};
    static final String[] PRIVATE_COMPANIES = {"Stripe", "Databricks", "SpaceX", "Revolut", "Shein", "Canva", "Discord",
            "Anduril", "Chime", "Klarna", "Plaid", "Ramp"};
    static final String[] AI_LABS = {"OpenAI", "Google", "Anthropic", "xAI", "Meta", "DeepSeek", "Mistral", "Alibaba"};
    static final String[] COUNTRIES_TARIFF = {"China", "the EU", "Mexico", "Canada", "Japan", "India", "Brazil", "Vietnam"};
    static final String[] MISSIONS = {"NASA's crewed lunar flyby", "NASA's crewed Moon landing", "Blue Origin's first crewed New Glenn flight",
            "ESA's Rosalind Franklin rover", "SpaceX's first crewed Starship flight", "Japan's SLIM-2 lander"};
    /** Cities for daily temperature questions and their usual daily high (°F) in January and July. */
    static final Object[][] CITIES = {{"New York City", 39, 85}, {"Chicago", 32, 84}, {"Miami", 76, 91},
            {"Los Angeles", 68, 84}, {"London", 47, 73}, {"Seoul", 34, 84}, {"Toronto", 30, 80}, {"Dallas", 57, 96}};
}
