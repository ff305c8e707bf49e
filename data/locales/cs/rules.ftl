## Krátká pravidla pro /game rules: jedna zpráva na Discordu pro každou hru, pod řádkem s názvem hry a počtem hráčů,
## který bot vypisuje sám. Úplná pravidla pro hráče jsou v docs/rules/cs/<game>.md.
## Pokračovací řádek nesmí začínat znakem "*", "[" ani ".", proto tučné nadpisy následují po emoji.

nw-rules =
    Stanice pátrá po skryté Noční hlídce a Hlídka po nocích loví stanici.
    ☀️ **Den:** za úsvitu bot oznámí oběti noci. Diskutujte, stiskněte „Můžeme hlasovat“ a v hlasování vyberte jednoho živého hráče. Kdo dostane nejvíc hlasů, jde do vězení; při rovnosti rozhodne los.
    🌙 **Noc:** každý, kdo má noční schopnost, dostane soukromou zprávu a všichni jednají současně:
    • Noční hlídka se ve svém soukromém vlákně shodne na oběti;
    • Garibaldi prověří, zda je hráč členem Noční hlídky, Wells zase, zda slouží u bezpečnosti;
    • Zack a Bester mohou každý vystřelit na jednoho hráče;
    • doktor Franklin vybere hráče, kterého tuto noc nezabije žádný výstřel.
    🏁 **Vítězství:** stanice vyhraje, když naživu nezůstane žádný člen Hlídky; Hlídka vyhraje, když naživu zůstane jen Hlídka; Bester vyhraje, zůstane-li naživu jen on. Tři dny a noci po sobě bez vyřazení znamenají remízu.
    📩 Roli dostanete soukromou zprávou; máte-li soukromé zprávy zavřené, použijte zde `/hra moje` (`/game mine`). Na konci hry se odhalí vše.

ks-rules =
    Každý hráč bude jednou **Snílkem**. Snílek nevidí snové karty; ostatní dostanou soukromou zprávou tajnou roli a aktuální slovo.
    🌙 **Noc:** hráči po řadě píší jednoslovnou nápovědu (nebo vynechají). Snílek může každé slovo jednou hádat, kdykoli chce, ale nikdo mu neprozradí, zda tip sedí. Když vyprší čas, má Snílek ještě jeden poslední pokus.
    🎙️ **Hlasový režim:** nápovědy zazní v hlasovém kanálu v pořadí, které ukáže bot; slova, přesýpací hodiny, tipy i skóre dál vede bot.
    🎭 **Role:**
    • Víla: 1 bod za každé uhodnuté slovo (Snílek boduje stejně);
    • Bubák: 1 bod za každé neuhodnuté nebo vynechané slovo;
    • Rarach: nejvíc bodů, když je uhodnutých a neuhodnutých stejně.
    ⚠️ **Fauly:** nápověda z více slov, samotné slovo, jeho překlad nebo slovo se stejným kořenem znamená pro autora trestnou kartu (−1 na konci hry) a slovo se vymění. Psané nápovědy kontroluje bot sám; faul, který přehlédne, nahlaste tlačítkem.
    ☀️ **Den:** Snílek jednou zprávou vyjmenuje slova, která považuje za uhodnutá; vzpomene-li si na všechna, získá +2. Pak se odhalí role, slova i body.
    🏁 **Vítězství:** až se v roli Snílka vystřídají všichni, vyhrává nejvyšší skóre; při rovnosti rozhoduje méně trestných karet.
    📩 Máte-li soukromé zprávy zavřené, použijte zde `/hra moje` (`/game mine`).

gh-rules =
    Prozkoumejte svůj strašidelný dům od 1. do 3. patra a dostaňte se ven jako první. Každé patro má 2 místa na pokoje; v ruce máte 3 karty, které vidíte jen vy.
    🎲 **Ve svém tahu udělejte jednu věc:**
    • vyložte pokoje (pokoje 1. patra do 1. patra atd.; nejdřív se zaplňují nižší patra);
    • pošlete ducha do pokoje v nejvyšším prozkoumaném patře soupeře;
    • posaďte kočku do svého pokoje, ať ho hlídá;
    • rozsviťte patro: odhoďte karty, na kterých je aspoň 5 žárovek;
    • zahrajte speciální kartu;
    • odhoďte libovolné karty lícem dolů a doberte si stejný počet.
    Pak si doberte do tří karet.
    👻 **Duchové:** kočka v pokoji nebo kočka zahraná z ruky ducha zažene. Na tmavém patře pošle duch celé patro na odhazovací balíček; na rozsvíceném zůstane čekat a druhý duch na stejném patře ho smete.
    🏁 **Útěk:** jakmile máte všech šest pokojů, může vám každý soupeř poslat ducha do nejvyššího patra (ve hře dvou hráčů až dva). Zůstane-li dům celý, vyhráváte.
    📩 Karty dostanete soukromou zprávou; máte-li soukromé zprávy zavřené, použijte zde `/hra moje` (`/game mine`).

mn-rules =
    Surreálný lucidní sen na hracím plánu 4×4 z lokací; bot je Režisér. Probudíte se, když aktivujete **Most**.
    🎲 **Váš tah:** 2 akce, pak si doberte do pěti karet.
    • Náměsíčnost (1): krok po šipce vaší lokace;
    • Vertigo (1): posunout nebo otočit vaši lokaci či sousední;
    • Půlnoční hvězda (1): aktivovat lokaci, na které stojíte;
    • Napětí + další karta (2): skrytá past, kterou můžete spustit později, kdykoli.
    ⚡ **Reakce:** na každou zahranou kartu mohou ostatní odpovědět: Holandský úhel ji zruší, Lapač snů si ji vezme; stojí to jednu akci v příštím tahu.
    🗺️ **Lokace:** Les (přesun kamkoli), Náměstí (karty z odhazovacího balíčku), Motel (karty z cizí ruky), Restaurace (zamíchání rukou u Mostu), Radnice (ruší noční můry), Most (probuzení a vítězství).
    😱 **Noční můra** se spustí, jakmile si ji někdo lízne z balíčku. Dokud máte v ruce noční můru, probudit se nemůžete. Kdo si lízne Černou noční můru, stane se **Půlnoční hrůzou** a vyhraje, když aktivuje Radnici.
    📩 Karty a pasti dostanete soukromou zprávou; máte-li soukromé zprávy zavřené, použijte zde `/hra moje` (`/game mine`).

mh-rules =
    Taktika na hexech, jeden na jednoho nebo dva na dva: Lovci proti Temnotě.
    📜 **Výběr jednotek:** vyberte si 4 druhy jednotek (ve hře 2 na 2 po 3). Z každého druhu jdou 2 žetony do pytle a zbytek do zásoby; do pytle patří i vaše Pečeť.
    🎲 **Kolo:** každý vytáhne z pytle 3 žetony a pak je hráči střídavě hrají po jednom. Žeton jedná za svou jednotku:
    • jednotka není na plánu: nasaďte ji na volnou lokaci, kterou ovládá vaše strana;
    • jednotka je na plánu: posilte stoh, posuňte jednotku, zaútočte, obsaďte lokaci, na které stojí, nebo použijte taktiku.
    Každý zásah odebere ze stohu jeden žeton, a to natrvalo.
    🔑 **Pečeť** se hraje lícem dolů: převzít iniciativu, naverbovat žeton ze zásoby, nebo vynechat tah. Co zvolíte, se nikdo nedozví.
    🏁 **Vítězství:** 6 lokací pod kontrolou vaší strany (ve hře 2 na 2 osm) hned po obsazení. Vzdání se, odchod ze hry nebo vypršení času znamená prohru.
    📩 Žetony v ruce vidíte jen vy; máte-li soukromé zprávy zavřené, použijte zde `/hra moje` (`/game mine`). Hrací plán bot kreslí jako obrázek.
