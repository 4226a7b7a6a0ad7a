<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="be">
<context>
    <name>AnimationDialog</name>
    <message>
        <source>Export animation</source>
        <translation>Экспартаваць анімацыю</translation>
    </message>
    <message>
        <source>Replays a stretch of the recording and writes what a view shows, frame by frame, as an animation for slides and web pages. The view is drawn as File &gt; Export picture draws it.</source>
        <translation>Прайгравае частку запісу і запісвае тое, што паказвае адзін з выглядаў, кадр за кадрам, як анімацыю для слайдаў і вэб-старонак. Выгляд малюецца так, як яго малюе Файл &gt; Экспартаваць выяву.</translation>
    </message>
    <message>
        <source>Circle</source>
        <translation>Кола</translation>
    </message>
    <message>
        <source>Latency chart</source>
        <translation>Графік затрымкі</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Храналогія</translation>
    </message>
    <message>
        <source>Whole window</source>
        <translation>Усё акно</translation>
    </message>
    <message>
        <source>What each frame shows: the circle of phases, the latency chart (without its controls), the timeline, or the whole window, at the size it has on the screen now.</source>
        <translation>Што паказвае кожны кадр: кола фаз, графік затрымкі (без яго элементаў кіравання), храналогію або ўсё акно, у памеры, які яно мае на экране зараз.</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <source>Where the animation starts, in milliseconds of the recording as the timeline&apos;s ruler counts them. At first the recording&apos;s start.</source>
        <translation>Дзе пачынаецца анімацыя, у мілісекундах запісу, як іх лічыць лінейка храналогіі. Спачатку — пачатак запісу.</translation>
    </message>
    <message>
        <source>Where it ends: its last frame shows this moment. At first the recording&apos;s end.</source>
        <translation>Дзе яна заканчваецца: яе апошні кадр паказвае гэты момант. Спачатку — канец запісу.</translation>
    </message>
    <message>
        <source>How fast the recording plays in the animation, as Replay speed plays it: at 1/10, a millisecond of the program lasts ten.</source>
        <translation>Як хутка запіс прайграецца ў анімацыі, як яго прайграе «Хуткасць паўтору»: пры 1/10 мілісекунда праграмы доўжыцца дзесяць.</translation>
    </message>
    <message>
        <source>Frames a second. 10 keeps a GIF small; more makes the motion smoother and the file larger. GIF counts time in hundredths of a second, so up to %1.</source>
        <translation>Кадраў у секунду. З 10 GIF застаецца малым; з большай колькасцю рух плаўнейшы, а файл большы. GIF лічыць час у сотых долях секунды, таму не больш за %1.</translation>
    </message>
    <message>
        <source>a file ending in .gif or .webp</source>
        <translation>файл, назва якога канчаецца на .gif або .webp</translation>
    </message>
    <message>
        <source>.gif plays everywhere, with 256 colours a frame; .webp keeps every colour and is usually smaller, for browsers and presentation programs that show it.</source>
        <translation>.gif прайграецца ўсюды, з 256 колерамі на кадр; .webp захоўвае ўсе колеры і звычайна меншы — для браўзераў і праграм прэзентацый, якія яго паказваюць.</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Выбраць…</translation>
    </message>
    <message>
        <source>Chooses the file in a file dialog.</source>
        <translation>Выбірае файл у дыялогу выбару файлаў.</translation>
    </message>
    <message>
        <source>View:</source>
        <translation>Выгляд:</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>Ад:</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>Да:</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>Хуткасць:</translation>
    </message>
    <message>
        <source>Frames a second:</source>
        <translation>Кадраў у секунду:</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Файл:</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Экспартаваць</translation>
    </message>
    <message>
        <source>GIF animation (*.gif);;WebP animation (*.webp)</source>
        <translation>Анімацыя GIF (*.gif);;Анімацыя WebP (*.webp)</translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation>Канец павінен быць пасля пачатку.</translation>
    </message>
    <message numerus="yes">
        <source>%n frames, %1 s long.</source>
        <translation>
            <numerusform>%n кадр, доўжыцца %1 с.</numerusform>
            <numerusform>%n кадры, доўжыцца %1 с.</numerusform>
            <numerusform>%n кадраў, доўжыцца %1 с.</numerusform>
        </translation>
    </message>
    <message>
        <source>The file&apos;s name must end in .gif or .webp.</source>
        <translation>Назва файла павінна канчацца на .gif або .webp.</translation>
    </message>
</context>
<context>
    <name>AnimationExport</name>
    <message>
        <source>an animation replays a recording: open one, or pause the run or let it end</source>
        <translation>анімацыя прайграе запіс: адкрыйце запіс, або прыпыніце выкананне, або дайце яму скончыцца</translation>
    </message>
    <message>
        <source>an animation plays at a speed from %1 to %2, at 1 to %3 frames a second</source>
        <translation>анімацыя прайграецца з хуткасцю ад %1 да %2, з 1–%3 кадрамі ў секунду</translation>
    </message>
    <message>
        <source>from %1 ms to %2 ms holds no time of the recording, which spans %3 ms to %4 ms</source>
        <translation>ад %1 мс да %2 мс няма часу запісу, які ідзе ад %3 мс да %4 мс</translation>
    </message>
    <message>
        <source>%1 frames would be needed; an animation has %2 at most, so each shows longer (%3 a second) and the speed stays</source>
        <translation>патрэбна было б %1 кадраў; у анімацыі іх не больш за %2, таму кожны паказваецца даўжэй (%3 у секунду), а хуткасць застаецца</translation>
    </message>
</context>
<context>
    <name>AnimationWriter</name>
    <message>
        <source>cannot start a GIF: %1</source>
        <translation>немагчыма пачаць GIF: %1</translation>
    </message>
    <message>
        <source>out of memory for the GIF frame&apos;s colours</source>
        <translation>не хапае памяці для колераў кадра GIF</translation>
    </message>
    <message>
        <source>cannot finish the GIF: %1</source>
        <translation>немагчыма скончыць GIF: %1</translation>
    </message>
    <message>
        <source>cannot write the GIF: %1</source>
        <translation>немагчыма запісаць GIF: %1</translation>
    </message>
    <message>
        <source>cannot choose the GIF frame&apos;s colours</source>
        <translation>немагчыма выбраць колеры кадра GIF</translation>
    </message>
    <message>
        <source>this libwebp is not the one LoopScope was built with</source>
        <translation>гэтая libwebp не тая, з якой сабраны LoopScope</translation>
    </message>
    <message>
        <source>cannot start an animated WebP of %1×%2 pixels</source>
        <translation>немагчыма пачаць анімаваны WebP памерам %1×%2 пікселяў</translation>
    </message>
    <message>
        <source>cannot add a frame to the WebP: %1</source>
        <translation>немагчыма дадаць кадр у WebP: %1</translation>
    </message>
    <message>
        <source>cannot finish the WebP: %1</source>
        <translation>немагчыма скончыць WebP: %1</translation>
    </message>
    <message>
        <source>%1: an animation is written as .gif or .webp</source>
        <translation>%1: анімацыя запісваецца як .gif або .webp</translation>
    </message>
    <message>
        <source>%1: there is nothing to draw (the view has no size)</source>
        <translation>%1: няма чаго маляваць (выгляд не мае памеру)</translation>
    </message>
    <message>
        <source>%1: the animation was not started</source>
        <translation>%1: анімацыя не была пачата</translation>
    </message>
    <message>
        <source>%1: a frame of %2×%3 pixels in an animation of %4×%5 (the view changed its size)</source>
        <translation>%1: кадр памерам %2×%3 пікселяў у анімацыі %4×%5 (выгляд змяніў памер)</translation>
    </message>
    <message>
        <source>%1: an animation needs a frame at least</source>
        <translation>%1: анімацыі патрэбны хаця б адзін кадр</translation>
    </message>
</context>
<context>
    <name>AttachController</name>
    <message>
        <source>Run with Node…</source>
        <translation>Запусціць у Node…</translation>
    </message>
    <message>
        <source>Runs a real Node.js program (a .js file, or JavaScript typed in) with LoopScope&apos;s probe inside and shows its own event loop live: its phases, its callbacks and their kinds, its loop delay.</source>
        <translation>Запускае сапраўдную праграму Node.js (файл .js або JavaScript, набраны тут) з зондам LoopScope ўнутры і паказвае ўжывую яе ўласны цыкл падзей: фазы, зваротныя выклікі і іх віды, затрымку цыкла.</translation>
    </message>
    <message>
        <source>Attach to a running Node.js process…</source>
        <translation>Падлучыцца да запушчанага працэсу Node.js…</translation>
    </message>
    <message>
        <source>Lists your Node.js processes and attaches to one without a restart: its inspector is opened on 127.0.0.1 just long enough to load the probe. Stopping detaches; the program runs on.</source>
        <translation>Паказвае вашы працэсы Node.js і падлучаецца да аднаго без перазапуску: яго інспектар адкрываецца на 127.0.0.1 толькі на час, каб загрузіць зонд. Спыненне адлучае; праграма працуе далей.</translation>
    </message>
    <message>
        <source>&amp;Label every callback (Node.js program)</source>
        <translation>&amp;Пазначаць кожны зваротны выклік (праграма Node.js)</translation>
    </message>
    <message>
        <source>For a program run with Node: label and time every callback it runs (the default), or mark the loop&apos;s phases only, which costs the program next to nothing. Switches while it runs.</source>
        <translation>Для праграмы, запушчанай у Node: пазначаць і вымяраць кожны зваротны выклік, які яна выконвае (па змаўчанні), або адзначаць толькі фазы цыкла, што амаль нічога не каштуе праграме. Пераключаецца падчас выканання.</translation>
    </message>
    <message>
        <source>Follow &amp;child processes (Node.js program)</source>
        <translation>Сачыць за &amp;даччынымі працэсамі (праграма Node.js)</translation>
    </message>
    <message>
        <source>For the next program run with Node: record its forks, cluster workers and child node processes too, each as a process of its own in the saved recording. Their environment then carries the probe&apos;s NODE_OPTIONS.</source>
        <translation>Для наступнай праграмы, запушчанай у Node: запісваць таксама яе fork, працаўнікоў cluster і даччыныя працэсы node, кожны як асобны працэс у захаваным запісе. Іх асяроддзе тады нясе NODE_OPTIONS зонда.</translation>
    </message>
    <message>
        <source>Run with Node.js</source>
        <translation>Запусціць у Node.js</translation>
    </message>
    <message>
        <source>▶ node %1, with LoopScope&apos;s probe inside</source>
        <translation>▶ node %1, з зондам LoopScope ўнутры</translation>
    </message>
    <message>
        <source>Attach to a running Node.js process</source>
        <translation>Падлучыцца да запушчанага працэсу Node.js</translation>
    </message>
    <message>
        <source>▶ process %1, attached as it runs; its output stays its own</source>
        <translation>▶ працэс %1, падлучаны падчас працы; яго вывад застаецца яго ўласным</translation>
    </message>
    <message>
        <source>the pending, idle and prepare phases&apos; durations</source>
        <translation>працягласць фаз pending, idle і prepare</translation>
    </message>
    <message>
        <source>the microtask queue&apos;s length</source>
        <translation>даўжыня чаргі мікразадач</translation>
    </message>
    <message>
        <source>the JavaScript queues&apos; contents</source>
        <translation>змесціва чэргаў JavaScript</translation>
    </message>
    <message>
        <source>the thread pool (%1)</source>
        <translation>пул патокаў (%1)</translation>
    </message>
    <message>
        <source>■ LoopScope could not attach: %1</source>
        <translation>■ LoopScope не змог падлучыцца: %1</translation>
    </message>
    <message>
        <source>■ node could not start: %1</source>
        <translation>■ node не змог запусціцца: %1</translation>
    </message>
    <message>
        <source>■ detached from %1, which runs on as before</source>
        <translation>■ адлучана ад %1, які працуе далей, як раней</translation>
    </message>
    <message>
        <source>■ %1 was ended by signal %2</source>
        <translation>■ %1 спынены сігналам %2</translation>
    </message>
    <message>
        <source>■ %1 exited with code %2</source>
        <translation>■ %1 скончыўся з кодам %2</translation>
    </message>
    <message>
        <source>■ the probe&apos;s recording is incomplete: %1</source>
        <translation>■ запіс зонда няпоўны: %1</translation>
    </message>
    <message>
        <source>child process %1 (%2)</source>
        <translation>даччыны працэс %1 (%2)</translation>
    </message>
    <message>
        <source>■ %1 still ran when %2 ended: LoopScope ended it</source>
        <translation>■ %1 яшчэ працаваў, калі %2 скончылася: LoopScope спыніў яго</translation>
    </message>
    <message>
        <source>■ %1 ended without saying how (killed by a signal?)</source>
        <translation>■ %1 скончыўся, не сказаўшы як (забіты сігналам?)</translation>
    </message>
    <message>
        <source>The child processes&apos; recordings are written with this one (File &gt; Export trace…), each as a process of its own</source>
        <translation>Запісы даччыных працэсаў пішуцца разам з гэтым (Файл &gt; Экспартаваць трасу…), кожны як асобны працэс</translation>
    </message>
    <message>
        <source>Not seen by the probe: %1</source>
        <translation>Зонд не бачыць: %1</translation>
    </message>
</context>
<context>
    <name>AttachProcessDialog</name>
    <message>
        <source>Attach to a running Node.js process</source>
        <translation>Падлучыцца да запушчанага працэсу Node.js</translation>
    </message>
    <message>
        <source>LoopScope opens the process&apos;s inspector on 127.0.0.1 for as long as it takes to load its probe, then closes it again. Detaching takes the probe out; the program runs on as before.</source>
        <translation>LoopScope адкрывае інспектар працэсу на 127.0.0.1 толькі на час, патрэбны, каб загрузіць зонд, а потым зноў яго закрывае. Адлучэнне выймае зонд; праграма працуе далей, як раней.</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Камандны радок</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Порты</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Падлучыцца</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Абнавіць</translation>
    </message>
</context>
<context>
    <name>BlockFlameView</name>
    <message>
        <source>No callback has blocked the loop past the probe&apos;s threshold: no stack was sampled.</source>
        <translation>Ніводны зваротны выклік не блакаваў цыкл даўжэй за парог зонда: ніводнага стэка не ўзята.</translation>
    </message>
    <message>
        <source>Blocking now: %L1 samples (about %L2 ms), one every %L3 ms</source>
        <translation>Блакуе цяпер: %L1 узораў (каля %L2 мс), адзін кожныя %L3 мс</translation>
    </message>
    <message>
        <source>Blocked: %L1 samples (about %L2 ms), one every %L3 ms</source>
        <translation>Блакаваў: %L1 узораў (каля %L2 мс), адзін кожныя %L3 мс</translation>
    </message>
    <message>
        <source>%1
%L2 samples (about %L3 ms), %L4 of them in this function itself</source>
        <translation>%1
%L2 узораў (каля %L3 мс), з іх %L4 у самой гэтай функцыі</translation>
    </message>
    <message numerus="yes">
        <source>%1 · and %n caller(s) above it</source>
        <translation>
            <numerusform>%1 · і %n выклікальнік вышэй</numerusform>
            <numerusform>%1 · і %n выклікальнікі вышэй</numerusform>
            <numerusform>%1 · і %n выклікальнікаў вышэй</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Every sample also ran through the %n frame(s) of Node.js or packages that called it, shown in this one row.</source>
        <translation>
            <numerusform>Кожная выбарка прайшла таксама праз %n кадр Node.js або пакетаў, які выклікаў яго; ён паказаны ў гэтым адным радку.</numerusform>
            <numerusform>Кожная выбарка прайшла таксама праз %n кадры Node.js або пакетаў, якія выклікалі яго; яны паказаны ў гэтым адным радку.</numerusform>
            <numerusform>Кожная выбарка прайшла таксама праз %n кадраў Node.js або пакетаў, якія выклікалі яго; яны паказаны ў гэтым адным радку.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>LoopScope runs a real libuv event loop and shows, live, what Node.js does with timers, immediates, nextTicks, promises and the thread pool.</source>
        <translation>LoopScope запускае сапраўдны цыкл падзей libuv і ў рэальным часе паказвае, што Node.js робіць з таймерамі, setImmediate, nextTick, Promise і пулам патокаў.</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Паказаць гэтую даведку і выйсці.</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>Паказаць версію і выйсці.</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>НАЗВА</translation>
    </message>
    <message>
        <source>Load the program FILE.</source>
        <translation>Загрузіць праграму з файла ФАЙЛ.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ФАЙЛ</translation>
    </message>
    <message>
        <source>Override a declared program parameter (repeatable).</source>
        <translation>Перавызначыць абвешчаны параметр праграмы (можна паўтараць).</translation>
    </message>
    <message>
        <source>KEY=VALUE</source>
        <translation>КЛЮЧ=ЗНАЧЭННЕ</translation>
    </message>
    <message>
        <source>List the built-in scenarios and exit.</source>
        <translation>Пералічыць убудаваныя сцэнарыі і выйсці.</translation>
    </message>
    <message>
        <source>Print the equivalent Node.js script and exit.</source>
        <translation>Вывесці эквівалентны скрыпт Node.js і выйсці.</translation>
    </message>
    <message>
        <source>Size of the libuv thread pool, 1 to 1024 (default: UV_THREADPOOL_SIZE, else 4).</source>
        <translation>Памер пула патокаў libuv, ад 1 да 1024 (па змаўчанні: UV_THREADPOOL_SIZE, а калі ён не зададзены, 4).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>User-interface language: en, es or be.</source>
        <translation>Мова інтэрфейсу: en, es або be.</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>КОД</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>ШЛЯХ</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>нечаканы аргумент &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--scenario and --program cannot be used together</source>
        <translation>--scenario і --program нельга выкарыстоўваць разам</translation>
    </message>
    <message>
        <source>--timeout-ms must be a whole number from 1 to 86400000, not &apos;%1&apos;</source>
        <translation>--timeout-ms павінен быць цэлым лікам ад 1 да 86400000, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--threadpool-size must be a whole number from 1 to 1024, not &apos;%1&apos;</source>
        <translation>--threadpool-size павінен быць цэлым лікам ад 1 да 1024, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--lang must be one of en, es, be, not &apos;%1&apos;</source>
        <translation>--lang павінен быць en, es або be, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--set expects KEY=VALUE, not &apos;%1&apos;</source>
        <translation>--set чакае КЛЮЧ=ЗНАЧЭННЕ, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--emit-js needs --scenario or --program</source>
        <translation>--emit-js патрабуе --scenario або --program</translation>
    </message>
    <message>
        <source>--headless needs --scenario or --program</source>
        <translation>--headless патрабуе --scenario або --program</translation>
    </message>
    <message>
        <source>--compare-node needs --scenario or --program</source>
        <translation>--compare-node патрабуе --scenario або --program</translation>
    </message>
    <message>
        <source>--%1 is given more than once</source>
        <translation>--%1 пададзены больш за адзін раз</translation>
    </message>
    <message>
        <source>--trace would overwrite the program &apos;%1&apos;</source>
        <translation>--trace перазапісаў бы праграму &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--csv would overwrite the program &apos;%1&apos;</source>
        <translation>--csv перазапісаў бы праграму &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--trace and --csv name the same file &apos;%1&apos;</source>
        <translation>--trace і --csv называюць адзін і той жа файл &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Write latency samples as CSV to FILE; with the window, like --trace.</source>
        <translation>Запісаць замеры затрымкі як CSV у ФАЙЛ; з акном — як --trace.</translation>
    </message>
    <message>
        <source>Print a summary of the run (with the window: when it closes) on stderr.</source>
        <translation>Вывесці зводку выканання ў stderr (з акном — калі яно закрываецца).</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>МБ</translation>
    </message>
    <message>
        <source>Largest trace file to write, in MB (default 512); past it events are left out and the trace says it was truncated.</source>
        <translation>Найбольшы памер файла трасы, у МБ (па змаўчанні 512); калі больш, падзеі не запісваюцца, і ў трасе пазначаецца, што яна абрэзана.</translation>
    </message>
    <message>
        <source>--memory-budget must be a whole number of MB from 16 to 1048576, not &apos;%1&apos;</source>
        <translation>--memory-budget павінен быць цэлым лікам МБ ад 16 да 1048576, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--max-trace-mb must be a whole number of MB from 1 to 1048576, not &apos;%1&apos;</source>
        <translation>--max-trace-mb павінен быць цэлым лікам МБ ад 1 да 1048576, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>A program to load or a recording to open, told apart by what the file holds (the desktop entry&apos;s %f).</source>
        <translation>Праграма для загрузкі або запіс для адкрыцця, адрозненыя па змесціве файла (%f у ярлыку праграмы).</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;: a file cannot be named with --scenario, --program or --open</source>
        <translation>нечаканы аргумент &apos;%1&apos;: файл нельга называць разам з --scenario, --program або --open</translation>
    </message>
    <message>
        <source>--trace would overwrite the recording &apos;%1&apos;</source>
        <translation>--trace перазапісаў бы запіс &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--csv would overwrite the recording &apos;%1&apos;</source>
        <translation>--csv перазапісаў бы запіс &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: няма такога файла</translation>
    </message>
    <message>
        <source>--startup-gap-us must be a whole number from 0 to 100000, not &apos;%1&apos;</source>
        <translation>--startup-gap-us павінен быць цэлым лікам ад 0 да 100000, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>The time Node.js spends where LoopScope takes microseconds (the first console.log, a worker&apos;s start-up, the start-up gap), in percent of what was measured against Node 20 (default 100; 0: none, 0 to 1000). It decides races such as setTimeout(0) against setImmediate. See docs/FIDELITY.md.</source>
        <translation>Час, які Node.js марнуе там, дзе LoopScope патрабуе мікрасекунд (першы console.log, запуск worker, паўза запуску), у працэнтах ад вымеранага з Node 20 (па змаўчанні 100; 0: нічога, ад 0 да 1000). Ён вырашае гонкі, такія як setTimeout(0) супраць setImmediate. Гл. docs/FIDELITY.md.</translation>
    </message>
    <message>
        <source>PERCENT</source>
        <translation>ПРАЦЭНТЫ</translation>
    </message>
    <message>
        <source>--node-costs must be a whole number of percent from 0 to 1000, not &apos;%1&apos;</source>
        <translation>--node-costs мусіць быць цэлым лікам працэнтаў ад 0 да 1000, а не «%1»</translation>
    </message>
    <message>
        <source>Write a picture of the run as PNG to FILE: of the window when it closes, or with --headless when the run ends.</source>
        <translation>Запісвае выяву прагону як PNG у FILE: акна, калі яно зачыняецца, або з --headless, калі прагон скончыцца.</translation>
    </message>
    <message>
        <source>As --png, as SVG with vector shapes and text (for slides).</source>
        <translation>Як --png, у SVG з вектарнымі фігурамі і тэкстам (для слайдаў).</translation>
    </message>
    <message>
        <source>Write a one-page PDF report of the run (program, console, circle, latency chart, summary) to FILE.</source>
        <translation>Запісвае ў FILE аднастаронкавую PDF-справаздачу пра прагон (праграма, кансоль, кола, графік затрымкі, зводка).</translation>
    </message>
    <message>
        <source>Pictures show the moment MS milliseconds into the recording, as the playhead does (default: its end).</source>
        <translation>Выявы паказваюць момант праз MS мілісекунд ад пачатку запісу, як курсор прайгравання (прадвызначана: яго канец).</translation>
    </message>
    <message>
        <source>MS</source>
        <translation>MS</translation>
    </message>
    <message>
        <source>--view must be one of window, circle, chart, timeline, not &apos;%1&apos;</source>
        <translation>--view мусіць быць window, circle, chart або timeline, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--at must be a number of milliseconds from 0, not &apos;%1&apos;</source>
        <translation>--at мусіць быць колькасцю мілісекунд ад 0, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--at needs --png, --svg or --pdf</source>
        <translation>--at патрабуе --png, --svg або --pdf</translation>
    </message>
    <message>
        <source>a picture would overwrite &apos;%1&apos;</source>
        <translation>выява перазапісала б &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--headless with the recording &apos;%1&apos; needs --summary, --trace, --csv or a picture</source>
        <translation>--headless з запісам &apos;%1&apos; патрабуе --summary, --trace, --csv або выяву</translation>
    </message>
    <message>
        <source>--headless --open needs --summary, --trace, --csv or a picture</source>
        <translation>--headless --open патрабуе --summary, --trace, --csv або выяву</translation>
    </message>
    <message>
        <source>Run the program N times without a window (1 to 10000) and print on stderr how often each output came: a race shows both its outcomes. stdout carries the first run&apos;s output.</source>
        <translation>Выконвае праграму N разоў без акна (ад 1 да 10000) і друкуе ў stderr, як часта з&apos;яўляўся кожны вывад: гонка паказвае абодва свае вынікі. stdout нясе вывад першага прагону.</translation>
    </message>
    <message>
        <source>--repeat must be a whole number from 1 to 10000, not &apos;%1&apos;</source>
        <translation>--repeat мусіць быць цэлым лікам ад 1 да 10000, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--repeat counts outputs only: it cannot be combined with --trace, --csv, --summary, --compare-node or a picture</source>
        <translation>--repeat толькі лічыць вывады: яго нельга спалучаць з --trace, --csv, --summary, --compare-node або выявай</translation>
    </message>
    <message>
        <source>--repeat needs --scenario or --program</source>
        <translation>--repeat патрабуе --scenario або --program</translation>
    </message>
    <message>
        <source>What the queues and the recording may hold in memory, in MB (default 512). Past it the recording spills to a temporary file (up to 16 times as much) and the run goes on; queues that outgrow it abort the run cleanly.</source>
        <translation>Колькі чэргі і запіс могуць займаць у памяці, у МБ (па змаўчанні 512). Звыш гэтага запіс скідваецца ў часовы файл (да 16 разоў больш), і выкананне працягваецца; чэргі, што перарастаюць мяжу, чыста спыняюць выкананне.</translation>
    </message>
    <message>
        <source>Past --memory-budget, let go of the oldest events instead of spilling them to disk: the run goes on however long, and the recording keeps its latest part (the trace counts what was let go as droppedEvents). With the window: for this session; the Loop menu remembers a choice.</source>
        <translation>Звыш --memory-budget адпускаць найстарэйшыя падзеі замест скіду на дыск: выкананне ідзе колькі заўгодна, а запіс захоўвае апошнюю частку (трасіроўка лічыць адпушчанае як droppedEvents). З акном: для гэтага сеанса; меню «Цыкл» памятае выбар.</translation>
    </message>
    <message>
        <source>SCRIPT</source>
        <translation>SCRIPT</translation>
    </message>
    <message>
        <source>--attach runs a Node.js program of its own: it cannot be combined with --scenario, --program, --open, --repeat, --emit-js or --compare-node</source>
        <translation>--attach запускае ўласную праграму Node.js: яго нельга спалучаць з --scenario, --program, --open, --repeat, --emit-js або --compare-node</translation>
    </message>
    <message>
        <source>--attach cannot draw pictures yet: use --trace, --csv or --summary</source>
        <translation>--attach пакуль не ўмее маляваць выявы: выкарыстоўвайце --trace, --csv або --summary</translation>
    </message>
    <message>
        <source>With --emit-js: the script also runs the program&apos;s probes as Node&apos;s perf_hooks measure them (monitorEventLoopDelay, a /health prober on a worker thread) and prints their figures on stderr at exit, one line starting &apos;loopscope-figures&apos;, to compare with --summary&apos;s.</source>
        <translation>З --emit-js: скрыпт таксама запускае зонды праграмы так, як іх вымяраюць perf_hooks Node (monitorEventLoopDelay, зонд /health у патоку worker), і пры выхадзе друкуе іх лічбы ў stderr адным радком, што пачынаецца з &apos;loopscope-figures&apos;, каб параўнаць з лічбамі --summary.</translation>
    </message>
    <message>
        <source>--with-figures goes with --emit-js</source>
        <translation>--with-figures ужываецца з --emit-js</translation>
    </message>
    <message>
        <source>Headless: abort the run after N ms of wall time (default 60000; with --attach, only when given: the program is then ended and the run exits 3).</source>
        <translation>Без акна: перапыніць запуск праз N мс рэальнага часу (па змаўчанні 60000; з --attach толькі калі зададзена: тады праграма завяршаецца, а запуск выходзіць з кодам 3).</translation>
    </message>
    <message>
        <source>The Node.js executable that --attach runs and --compare-node compares with: a path, or a name looked up in PATH (default node; Node.js 18 to 24).</source>
        <translation>Выканальны файл Node.js, які запускае --attach і з якім параўноўвае --compare-node: шлях або імя, якое шукаецца ў PATH (па змаўчанні node; Node.js ад 18 да 24).</translation>
    </message>
    <message>
        <source>Run the Node.js program SCRIPT with LoopScope&apos;s probe and record its real event loop: its phases, callbacks and their kinds. The rest of the line is the program&apos;s arguments. The window shows it live, its output in the console; with --headless its input, output and exit status stay its own, and LoopScope exits with its status. --trace, --csv and --summary write the recording when it ends.</source>
        <translation>Запусціць праграму Node.js SCRIPT з зондам LoopScope і запісаць яе сапраўдны цыкл падзей: яго фазы, callback-і і іх віды. Астатак радка — аргументы праграмы. Акно паказвае яе ўжывую, яе вывад — у кансолі; з --headless яе ўвод, вывад і код выхаду застаюцца яе ўласнымі, і LoopScope выходзіць з яе кодам. --trace, --csv і --summary запісваюць запіс, калі яна завяршаецца.</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>РЭЖЫМ</translation>
    </message>
    <message>
        <source>With --attach --headless: let the program run on when LoopScope ends (SIGTERM, SIGHUP, SIGINT, --timeout-ms, or LoopScope killed); the recording so far is written. By default the program is ended with LoopScope (SIGTERM, then SIGKILL two seconds later), then the recording is written; LoopScope exits with 128 + the signal it got, or 3 for --timeout-ms.</source>
        <translation>З --attach --headless: пакінуць праграму працаваць, калі LoopScope завяршаецца (SIGTERM, SIGHUP, SIGINT, --timeout-ms або LoopScope забіты); запіс да гэтага моманту запісваецца. Па змаўчанні праграма завяршаецца разам з LoopScope (SIGTERM, праз дзве секунды SIGKILL), потым запісваецца запіс; LoopScope выходзіць з кодам 128 + атрыманы сігнал або 3 для --timeout-ms.</translation>
    </message>
    <message>
        <source>--probe must be markers or callbacks, not &apos;%1&apos;</source>
        <translation>--probe павінен быць markers або callbacks, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--detach needs --headless: the window&apos;s console takes the program&apos;s output, which would have nowhere to go once the window closed</source>
        <translation>--detach патрабуе --headless: кансоль акна прымае вывад праграмы, якому не было б куды ісці, калі акно закрыецца</translation>
    </message>
    <message>
        <source>--detach goes with --attach</source>
        <translation>--detach ідзе з --attach</translation>
    </message>
    <message>
        <source>With --attach: give node OPTION before the script, as `node OPTION SCRIPT` would (--expose-gc, --stack-size=500, --expose-internals); once per option, in order. Write it --node-option=OPTION when OPTION begins with a dash. The program&apos;s process.execArgv is these options, as without the probe.</source>
        <translation>З --attach: перадаць node ОПЦЫЮ перад скрыптам, як зрабіў бы `node ОПЦЫЯ SCRIPT` (--expose-gc, --stack-size=500, --expose-internals); па адным разе на опцыю, па парадку. Пішыце --node-option=ОПЦЫЯ, калі ОПЦЫЯ пачынаецца з працяжніка. process.execArgv праграмы — гэтыя опцыі, як і без зонда.</translation>
    </message>
    <message>
        <source>OPTION</source>
        <translation>ОПЦЫЯ</translation>
    </message>
    <message>
        <source>--node-option goes with --attach</source>
        <translation>--node-option ідзе з --attach</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Выкарыстанне</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Аргументы</translation>
    </message>
    <message>
        <source>Exit status</source>
        <translation>Код выхаду</translation>
    </message>
    <message>
        <source>The manual page loopscope(1) says more, with examples.</source>
        <translation>Старонка дапаможніка loopscope(1) кажа больш, з прыкладамі.</translation>
    </message>
    <message>
        <source>Without a window: run one program to the end (--scenario, --program), run a Node.js program (--attach), or read a recording (--open or FILE). stdout carries only the program&apos;s output.</source>
        <translation>Без акна: выканаць адну праграму да канца (--scenario, --program), выканаць праграму Node.js (--attach) або прачытаць запіс (--open ці ФАЙЛ). У stdout трапляе толькі вывад праграмы.</translation>
    </message>
    <message>
        <source>Load the built-in scenario NAME (see --list-scenarios).</source>
        <translation>Загрузіць убудаваны сцэнарый НАЗВА (гл. --list-scenarios).</translation>
    </message>
    <message>
        <source>Also run the emitted script in Node.js and compare the outputs: exit 0 when they agree, 4 when they differ.</source>
        <translation>Таксама выканаць згенераваны скрыпт у Node.js і параўнаць вывады: выхад 0, калі яны супадаюць, 4, калі адрозніваюцца.</translation>
    </message>
    <message>
        <source>Write the recorded timeline to FILE (Chrome trace JSON; gzip-compressed when FILE ends in .json.gz). With the window: of the session it shows when it closes or the process gets SIGTERM, SIGINT or SIGHUP (the last run, or the idle loop with its workloads).</source>
        <translation>Запісаць запісаную часавую шкалу ў ФАЙЛ (JSON трасіроўкі Chrome; сціснуты gzip, калі ФАЙЛ заканчваецца на .json.gz). З акном: шкалу сеанса, які яно паказвае, калі акно закрываецца або працэс атрымлівае SIGTERM, SIGINT ці SIGHUP (апошняе выкананне або цыкл у чаканні з дададзенай у яго нагрузкай).</translation>
    </message>
    <message>
        <source>Open the recording FILE (.json or .json.gz) for replay; with --headless, print its summary (--summary) or write it again (--trace, --csv, a picture).</source>
        <translation>Адкрыць запіс ФАЙЛ (.json ці .json.gz) для прайгравання; з --headless — вывесці яго зводку (--summary) або запісаць яго зноў (--trace, --csv, выява).</translation>
    </message>
    <message>
        <source>success</source>
        <translation>поспех</translation>
    </message>
    <message>
        <source>internal error, or an output that could not be written</source>
        <translation>унутраная памылка або вывад, які не ўдалося запісаць</translation>
    </message>
    <message>
        <source>bad input: a flag, a program or a recording, with one line on stderr naming the file and, for JSON, line and column</source>
        <translation>няправільны ўвод: опцыя, праграма або запіс, з адным радком у stderr, які называе файл і, для JSON, радок і слупок</translation>
    </message>
    <message>
        <source>aborted (--timeout-ms, Ctrl-C or SIGTERM), the trace still written and marked aborted</source>
        <translation>перапынена (--timeout-ms, Ctrl-C ці SIGTERM); трасіроўка ўсё роўна запісваецца, пазначаная як перапыненая</translation>
    </message>
    <message>
        <source>--compare-node found a difference</source>
        <translation>--compare-node знайшоў адрозненне</translation>
    </message>
    <message>
        <source>--attach SCRIPT [ARGS...]</source>
        <translation>--attach SCRIPT [АРГУМЕНТЫ...]</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Агульныя</translation>
    </message>
    <message>
        <source>Running a program</source>
        <translation>Выкананне праграмы</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>Recordings</source>
        <translation>Запісы</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>Выявы</translation>
    </message>
    <message>
        <source>Memory and timing</source>
        <translation>Памяць і час</translation>
    </message>
    <message>
        <source>--follow-children goes with --attach</source>
        <translation>--follow-children ужываецца з --attach</translation>
    </message>
    <message>
        <source>With --attach: also record the program&apos;s child node processes (forks, cluster workers, node run by a shell), each as a process of its own, with its own tracks in the trace and its own part of the summary. They are reached through the environment: NODE_OPTIONS requires the probe and LOOPSCOPE_PROBE_CHILDREN names LoopScope&apos;s socket, both left in the program&apos;s environment for its children to inherit. A child started with an environment of its own is not followed.</source>
        <translation>З --attach: запісваць таксама даччыныя працэсы node праграмы (fork, працаўнікі cluster, node, запушчаны з абалонкі), кожны як асобны працэс, з уласнымі дарожкамі ў трасе і ўласнай часткай зводкі. Яны атрымліваюць зонд праз асяроддзе: NODE_OPTIONS падключае зонд, а LOOPSCOPE_PROBE_CHILDREN называе сокет LoopScope; абедзве застаюцца ў асяроддзі праграмы, каб іх успадкавалі яе дзеці. Дзіця, запушчанае з уласным асяроддзем, не адсочваецца.</translation>
    </message>
    <message>
        <source>--view needs --png, --svg or --animation</source>
        <translation>--view патрабуе --png, --svg або --animation</translation>
    </message>
    <message>
        <source>--%1 must be a number of milliseconds from 0, not &apos;%2&apos;</source>
        <translation>--%1 павінна быць колькасцю мілісекунд ад 0, а не &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--speed must be a number from 0.01 to 10, not &apos;%1&apos;</source>
        <translation>--speed павінна быць лікам ад 0.01 да 10, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--fps must be a whole number from 1 to 50, not &apos;%1&apos;</source>
        <translation>--fps павінна быць цэлым лікам ад 1 да 50, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--%1 needs --animation</source>
        <translation>--%1 патрабуе --animation</translation>
    </message>
    <message>
        <source>--to must come after --from</source>
        <translation>--to павінна быць пасля --from</translation>
    </message>
    <message>
        <source>What --png, --svg and --animation show: window (default), circle, chart or timeline.</source>
        <translation>Што паказваюць --png, --svg і --animation: window (прадвызначана), circle, chart або timeline.</translation>
    </message>
    <message>
        <source>Write an animation of the recording replayed to FILE, as GIF (.gif) or animated WebP (.webp, every colour, smaller): --view drawn frame by frame from --from to --to at --speed, --fps frames a second.</source>
        <translation>Запісаць у ФАЙЛ анімацыю прайгранага запісу як GIF (.gif) або анімаваны WebP (.webp, усе колеры, меншы): --view, намаляваны кадр за кадрам ад --from да --to з хуткасцю --speed, --fps кадраў у секунду.</translation>
    </message>
    <message>
        <source>Where --animation starts, in milliseconds of the recording (default: its start).</source>
        <translation>Дзе пачынаецца --animation, у мілісекундах запісу (прадвызначана: яго пачатак).</translation>
    </message>
    <message>
        <source>Where --animation ends: its last frame (default: the recording&apos;s end).</source>
        <translation>Дзе заканчваецца --animation: яе апошні кадр (прадвызначана: канец запісу).</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>How fast --animation replays, 0.01 to 10 (default 0.1: a millisecond of the program lasts ten).</source>
        <translation>Як хутка прайграе --animation, ад 0.01 да 10 (прадвызначана 0.1: мілісекунда праграмы доўжыцца дзесяць).</translation>
    </message>
    <message>
        <source>Frames a second of --animation, 1 to 50 (default 10). Past 1000 frames they are spread over the range and each shows longer, which is said on stderr.</source>
        <translation>Кадраў у секунду для --animation, ад 1 да 50 (прадвызначана 10). Звыш 1000 кадраў яны размяркоўваюцца па прамежку і кожны паказваецца даўжэй, пра што паведамляецца ў stderr.</translation>
    </message>
    <message>
        <source>--attach-pid needs a process id, not &apos;%1&apos;</source>
        <translation>--attach-pid патрабуе ідэнтыфікатар працэсу, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--attach-pid watches a process that runs already: it cannot be combined with --attach, --scenario, --program, --open, --repeat, --emit-js or --compare-node</source>
        <translation>--attach-pid назірае за працэсам, які ўжо працуе: яго нельга спалучаць з --attach, --scenario, --program, --open, --repeat, --emit-js або --compare-node</translation>
    </message>
    <message>
        <source>--attach-pid cannot draw pictures yet: use --trace, --csv or --summary</source>
        <translation>--attach-pid пакуль не можа маляваць выявы: выкарыстоўвайце --trace, --csv або --summary</translation>
    </message>
    <message>
        <source>--node-option, --detach and --follow-children go with --attach: a process attached to by --attach-pid runs as it was started, and is always left running</source>
        <translation>--node-option, --detach і --follow-children ідуць з --attach: працэс, да якога падлучаецца --attach-pid, працуе так, як быў запушчаны, і заўсёды застаецца працаваць</translation>
    </message>
    <message>
        <source>--probe goes with --attach or --attach-pid</source>
        <translation>--probe ідзе з --attach або --attach-pid</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Attach to the Node.js process PID as it runs, without a restart, as `node inspect -p PID` reaches it: LoopScope opens its inspector on 127.0.0.1 (SIGUSR1) for as long as it takes to load the probe, then closes it again, and records the main thread&apos;s loop. The window shows it live; with --headless, SIGINT, SIGTERM, SIGHUP or --timeout-ms end the watch by detaching: the probe takes out every hook it put in, the program runs on, and --trace, --csv and --summary are written. A process that cannot be attached to is said so in one line (exit 2).</source>
        <translation>Падлучаецца да працэсу Node.js PID, пакуль ён працуе, без перазапуску, як да яго дабіраецца `node inspect -p PID`: LoopScope адкрывае яго інспектар на 127.0.0.1 (SIGUSR1) толькі на час, патрэбны, каб загрузіць зонд, потым зноў закрывае яго і запісвае цыкл галоўнага патоку. Акно паказвае яго ўжывую; з --headless SIGINT, SIGTERM, SIGHUP або --timeout-ms завяршаюць назіранне адлучэннем: зонд выймае ўсе хукі, якія ўставіў, праграма працуе далей, а --trace, --csv і --summary запісваюцца. Пра працэс, да якога нельга падлучыцца, гаворыцца адным радком (код выхаду 2).</translation>
    </message>
    <message>
        <source>With --attach or --attach-pid: the probe labels and times every callback the program runs (callbacks, the default), or marks its loops&apos; phases only (markers), which costs the program next to nothing; on every loop, its worker threads&apos; too. The window switches it while the program runs (Loop &gt; Label every callback).</source>
        <translation>З --attach або --attach-pid: зонд пазначае і вымярае кожны callback, які выконвае праграма (callbacks, па змаўчанні), або адзначае толькі фазы яе цыклаў (markers), што праграме амаль нічога не каштуе; на кожным цыкле, у тым ліку ў яе worker threads. Акно пераключае гэта, пакуль праграма працуе (Цыкл &gt; Пазначаць кожны зваротны выклік).</translation>
    </message>
    <message>
        <source>--calibration-runs must be a whole number from 1 to 1000, not &apos;%1&apos;</source>
        <translation>--calibration-runs павінна быць цэлым лікам ад 1 да 1000, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--calibration-runs goes with --calibrate-node</source>
        <translation>--calibration-runs ужываецца з --calibrate-node</translation>
    </message>
    <message>
        <source>--calibrate-node runs Node.js alone: it cannot be combined with --scenario, --program, --open, --repeat, --emit-js or --compare-node</source>
        <translation>--calibrate-node запускае толькі Node.js: яго нельга спалучаць з --scenario, --program, --open, --repeat, --emit-js або --compare-node</translation>
    </message>
    <message>
        <source>Node&apos;s time from the main module&apos;s drain to the first timers phase, in microseconds (default: this machine&apos;s calibration, else 0, measured against Node 20; 0 to 100000).</source>
        <translation>Час Node ад апаражнення чэргаў галоўнага модуля да першай фазы таймераў, у мікрасекундах (па змаўчанні: каліброўка гэтай машыны, а без яе 0, вымерана з Node 20; ад 0 да 100000).</translation>
    </message>
    <message>
        <source>With --calibrate-node: fresh node processes per figure (default 15, 1 to 1000; main-race runs ten times as often).</source>
        <translation>З --calibrate-node: новых працэсаў node на лічбу (па змаўчанні 15, ад 1 да 1000; main-race запускаецца ў дзесяць разоў часцей).</translation>
    </message>
    <message>
        <source>--block-ms must be a whole number of ms from 0 to 3600000, not &apos;%1&apos;</source>
        <translation>--block-ms павінен быць цэлым лікам мс ад 0 да 3600000, а не &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--block-ms goes with --attach</source>
        <translation>--block-ms ідзе з --attach</translation>
    </message>
    <message>
        <source>With --attach: while a callback of the program&apos;s main loop runs longer than MS ms (default 50; 0: never), the probe samples its JavaScript stack every 2 ms. --summary lists the functions that blocked longest, the trace keeps the stacks and the window shows them beside the timeline.</source>
        <translation>З --attach: пакуль зваротны выклік галоўнага цыкла праграмы працуе даўжэй за MS мс (па змаўчанні 50; 0: ніколі), зонд бярэ яго стэк JavaScript кожныя 2 мс. --summary пералічвае функцыі, што блакавалі найдаўжэй, траса захоўвае стэкі, а акно паказвае іх побач з часавой шкалой.</translation>
    </message>
    <message>
        <source>Measure on this machine what Node.js (--node) spends where LoopScope models start-up costs (the first console.log, setTimeout&apos;s and setImmediate&apos;s first use, the start-up gap, a worker&apos;s first line, a console.log line, by which every line&apos;s cost is scaled), print it on stderr and keep it in the settings: every run afterwards, in the window and without it, models this machine&apos;s Node. --calibration-runs sets how many processes each figure takes. See docs/FIDELITY.md.</source>
        <translation>Вымераць на гэтай машыне, колькі Node.js (--node) марнуе там, дзе LoopScope мадэлюе выдаткі запуску (першы console.log, першае выкарыстанне setTimeout і setImmediate, паўза запуску, першы радок worker, радок console.log, паводле якога маштабуецца кошт кожнага радка), вывесці гэта ў stderr і захаваць у наладах: кожны наступны запуск, з акном і без яго, мадэлюе Node гэтай машыны. --calibration-runs задае, колькі працэсаў ідзе на кожную лічбу. Гл. docs/FIDELITY.md.</translation>
    </message>
</context>
<context>
    <name>ComparisonRuns</name>
    <message>
        <source>ES module</source>
        <translation>ES-модуль</translation>
    </message>
    <message>
        <source>CommonJS</source>
        <translation>CommonJS</translation>
    </message>
    <message>
        <source>Node 10&apos;s await</source>
        <translation>await з Node 10</translation>
    </message>
    <message>
        <source>pool of %1</source>
        <translation>пул з %1 патокаў</translation>
    </message>
    <message>
        <source>No temporary folder for the runs: %1</source>
        <translation>Няма часовай папкі для запускаў: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>no such scenario</source>
        <translation>такога сцэнарыя няма</translation>
    </message>
    <message>
        <source>%1: LoopScope could not be started (%2)</source>
        <translation>%1: не ўдалося запусціць LoopScope (%2)</translation>
    </message>
    <message>
        <source>%1: the run wrote no recording (exit status %2). %3</source>
        <translation>%1: запуск не запісаў запісу (код выхаду %2). %3</translation>
    </message>
</context>
<context>
    <name>ComparisonWindow</name>
    <message>
        <source>setTimeout(0) or setImmediate: CommonJS against an ES module</source>
        <translation>setTimeout(0) ці setImmediate: CommonJS супраць ES-модуля</translation>
    </message>
    <message>
        <source>nextTick or a promise: CommonJS against an ES module</source>
        <translation>nextTick ці праміс: CommonJS супраць ES-модуля</translation>
    </message>
    <message>
        <source>await: Node 10&apos;s three ticks against Node 12&apos;s one</source>
        <translation>await: тры такты Node 10 супраць аднаго ў Node 12</translation>
    </message>
    <message>
        <source>A full thread pool: four threads against eight</source>
        <translation>Заняты пул патокаў: чатыры патокі супраць васьмі</translation>
    </message>
    <message>
        <source>A report inline against in chunks</source>
        <translation>Справаздача адным кавалкам супраць часткамі</translation>
    </message>
    <message>
        <source>A report in chunks against in a worker</source>
        <translation>Справаздача часткамі супраць воркера</translation>
    </message>
    <message>
        <source>Starving a timer: nextTick against setImmediate</source>
        <translation>Таймер без чаргі: nextTick супраць setImmediate</translation>
    </message>
    <message>
        <source>Yielding between steps: setTimeout(0) against setImmediate</source>
        <translation>Саступіць паміж крокамі: setTimeout(0) супраць setImmediate</translation>
    </message>
    <message>
        <source>Blocking the loop: JSON.parse against pbkdf2Sync</source>
        <translation>Блакаванне цыкла: JSON.parse супраць pbkdf2Sync</translation>
    </message>
    <message>
        <source>Compare two runs — LoopScope</source>
        <translation>Параўнаць два запускі — LoopScope</translation>
    </message>
    <message>
        <source>The comparisons the articles make: pick one to set both sides as it compares them.</source>
        <translation>Параўнанні з артыкулаў: выберыце адно, каб наладзіць абодва бакі так, як яно іх параўноўвае.</translation>
    </message>
    <message>
        <source>Run both</source>
        <translation>Запусціць абодва</translation>
    </message>
    <message>
        <source>Runs the left side, then the right, each to its end in a LoopScope process of its own (a thread pool has the size its process starts with). (%1)</source>
        <translation>Запускае левы бок, потым правы, кожны да канца ва ўласным працэсе LoopScope (пул патокаў мае той памер, з якім пачынаецца яго працэс). (%1)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Прыпыніць</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Прайграць</translation>
    </message>
    <message>
        <source>Moves the playhead of both runs on together, from each run&apos;s start. (P)</source>
        <translation>Рухае курсор абодвух запускаў разам, ад пачатку кожнага. (P)</translation>
    </message>
    <message>
        <source>The moment both sides show, counted from each run&apos;s start.</source>
        <translation>Момант, які паказваюць абодва бакі, ад пачатку кожнага запуску.</translation>
    </message>
    <message>
        <source>CommonJS</source>
        <translation>CommonJS</translation>
    </message>
    <message>
        <source>ES module</source>
        <translation>ES-модуль</translation>
    </message>
    <message>
        <source>Runs the scenario&apos;s main module as CommonJS or as an ES module (whose body is itself a promise job).</source>
        <translation>Запускае галоўны модуль сцэнарыя як CommonJS або як ES-модуль (цела якога само з&apos;яўляецца заданнем праміса).</translation>
    </message>
    <message>
        <source>Node 12+ await</source>
        <translation>await з Node 12+</translation>
    </message>
    <message>
        <source>Node 10 await</source>
        <translation>await з Node 10</translation>
    </message>
    <message>
        <source>What an await of a native promise costs: one microtask tick since Node 12, three in Node 10.</source>
        <translation>Колькі каштуе await роднага праміса: адзін такт мікразадач з Node 12, тры ў Node 10.</translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool size for this side (UV_THREADPOOL_SIZE).</source>
        <translation>Памер пула патокаў libuv для гэтага боку (UV_THREADPOOL_SIZE).</translation>
    </message>
    <message>
        <source>pool </source>
        <translation>пул </translation>
    </message>
    <message>
        <source>The built-in scenario this side runs.</source>
        <translation>Убудаваны сцэнарый, які запускае гэты бок.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Часавая шкала</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Затрымка</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Кансоль</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Running the left side…</source>
        <translation>Запускаецца левы бок…</translation>
    </message>
    <message>
        <source>Running the right side…</source>
        <translation>Запускаецца правы бок…</translation>
    </message>
    <message>
        <source>Choose what each side runs, then Run both.</source>
        <translation>Выберыце, што запускае кожны бок, потым «Запусціць абодва».</translation>
    </message>
    <message>
        <source>The left run lasted %1, the right one %2.</source>
        <translation>Левы запуск доўжыўся %1, правы %2.</translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Пул патокаў</translation>
    </message>
</context>
<context>
    <name>ConsoleModel</name>
    <message>
        <source>An error the runtime delivered to the program.</source>
        <translation>Памылка, якую асяроддзе выканання перадало праграме.</translation>
    </message>
    <message>
        <source>A note from LoopScope, not program output.</source>
        <translation>Заўвага ад LoopScope, а не вывад праграмы.</translation>
    </message>
    <message>
        <source>console.log output, at milliseconds since the run started.</source>
        <translation>Вывад console.log з часам у мілісекундах ад пачатку выканання.</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>мс</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Вывад</translation>
    </message>
    <message numerus="yes">
        <source> … %n more characters (Copy takes the whole line)</source>
        <translation>
            <numerusform> … яшчэ %n сімвал (Капіраваць бярэ ўвесь радок)</numerusform>
            <numerusform> … яшчэ %n сімвалы (Капіраваць бярэ ўвесь радок)</numerusform>
            <numerusform> … яшчэ %n сімвалаў (Капіраваць бярэ ўвесь радок)</numerusform>
        </translation>
    </message>
    <message>
        <source>Which callback printed this line is not known: an attached program wrote it between callbacks, marking the phases only, or after bytes the probe did not count (a child&apos;s) came down the same pipe.</source>
        <translation>Які зваротны выклік надрукаваў гэты радок, невядома: падлучаная праграма запісала яго паміж зваротнымі выклікамі, калі адзначаліся толькі фазы, або пасля таго, як тым жа каналам прыйшлі байты, якіх зонд не палічыў (дзіцячага працэсу).</translation>
    </message>
    <message>
        <source>The callback this error was delivered to: %1</source>
        <translation>Зваротны выклік, якому перададзена гэтая памылка: %1</translation>
    </message>
    <message>
        <source>Printed by the callback %1</source>
        <translation>Надрукаваў зваротны выклік %1</translation>
    </message>
    <message>
        <source>The callback that printed the line, by its label in the timeline.</source>
        <translation>Зваротны выклік, што надрукаваў радок, з яго меткай на часавой шкале.</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Адкуль</translation>
    </message>
</context>
<context>
    <name>FigureTexts</name>
    <message>
        <source>Longest callback: %1 (%2), %3</source>
        <translation>Найдаўжэйшы зваротны выклік: %1 (%2), %3</translation>
    </message>
    <message>
        <source>Thread pool: not seen by the probe</source>
        <translation>Пул патокаў: зонд яго не бачыць</translation>
    </message>
    <message>
        <source>Thread pool: no work</source>
        <translation>Пул патокаў: без працы</translation>
    </message>
    <message>
        <source>Loop delay: no samples</source>
        <translation>Затрымка цыкла: няма замераў</translation>
    </message>
    <message>
        <source>Loop delay (monitorEventLoopDelay, checks every %1 ms): p50 %2, p99 %3, max %4</source>
        <translation>Затрымка цыкла (monitorEventLoopDelay, праверка кожныя %1 мс): p50 %2, p99 %3, макс. %4</translation>
    </message>
    <message>
        <source>Event-loop utilisation: %L1 % over %2</source>
        <translation>Загрузка цыкла падзей: %L1 % за %2</translation>
    </message>
    <message>
        <source>Event-loop utilisation: not measured</source>
        <translation>Загрузка цыкла падзей: не вымерана</translation>
    </message>
    <message>
        <source>The program was ended by signal %1</source>
        <translation>Праграму спыніў сігнал %1</translation>
    </message>
    <message>
        <source>The program exited with status %1</source>
        <translation>Праграма завяршылася са статусам %1</translation>
    </message>
    <message>
        <source>The run was aborted</source>
        <translation>Выкананне перапынена</translation>
    </message>
    <message>
        <source>The main module ran %1 before the loop started: neither the delay monitor nor eventLoopUtilization sees that time, though a request waits through it.</source>
        <translation>Галоўны модуль выконваўся %1 да запуску цыкла: ні манітор затрымкі, ні eventLoopUtilization не бачаць гэты час, хоць запыт чакае ўвесь яго.</translation>
    </message>
    <message>
        <source>%1 minutes</source>
        <translation>%1 хв</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 гадз</translation>
    </message>
    <message>
        <source>Measured, each line since the one before it</source>
        <translation>Вымерана: кожны радок ад папярэдняга</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Радок</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Заняло</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Крокі</translation>
    </message>
    <message>
        <source>A step</source>
        <translation>На крок</translation>
    </message>
    <message>
        <source>10,000,000 steps (extrapolated)</source>
        <translation>10 000 000 крокаў (экстрапаляцыя)</translation>
    </message>
    <message>
        <source>The last column is an extrapolation: this run&apos;s pace a step, times ten million.</source>
        <translation>Апошні слупок — экстрапаляцыя: тэмп гэтага запуску на крок, памножаны на дзесяць мільёнаў.</translation>
    </message>
    <message>
        <source>Duration: %1, iterations: %2</source>
        <translation>Працягласць: %1, ітэрацый: %2</translation>
    </message>
    <message>
        <source>Callbacks: %1</source>
        <translation>Зваротныя выклікі: %1</translation>
    </message>
    <message>
        <source>Thread pool: %1 items, waited up to %2 (mean %3), ran up to %4</source>
        <translation>Пул патокаў: %1 задач, чакалі да %2 (у сярэднім %3), выконваліся да %4</translation>
    </message>
    <message>
        <source>/health: p50 %1, max %2, answers: %3</source>
        <translation>/health: p50 %1, макс. %2, адказаў: %3</translation>
    </message>
    <message>
        <source>The program ran %1 before its loop started (its main module, or Node loading an ES module): neither the delay monitor nor eventLoopUtilization sees that time, though a request waits through it.</source>
        <translation>Праграма выконвалася %1 да запуску свайго цыкла (яе галоўны модуль або Node, які загружае ES-модуль): ні манітор затрымкі, ні eventLoopUtilization не бачаць гэты час, хоць запыт чакае ўвесь яго.</translation>
    </message>
    <message>
        <source>for ever</source>
        <translation>бясконца</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Poll waited (its timeout × polls): %1</source>
        <translation>Poll чакаў (яго тайм-аўт × выклікі): %1</translation>
    </message>
</context>
<context>
    <name>FiguresPanel</name>
    <message>
        <source>The figures of a run appear here when it ends.</source>
        <translation>Лічбы запуску з&apos;явяцца тут, калі ён скончыцца.</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Cannot open the program</source>
        <translation>Не ўдаецца адкрыць праграму</translation>
    </message>
    <message>
        <source>Open program</source>
        <translation>Адкрыць праграму</translation>
    </message>
    <message>
        <source>LoopScope programs (*.json);;All files (*)</source>
        <translation>Праграмы LoopScope (*.json);;Усе файлы (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Чытанне %1…</translation>
    </message>
    <message>
        <source>Cannot open the recording</source>
        <translation>Не ўдаецца адкрыць запіс</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>Адкрыць запіс</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>Экспартаваць трасу</translation>
    </message>
    <message>
        <source>Export latency CSV</source>
        <translation>Экспартаваць CSV затрымак</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Запіс %1…</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Не ўдалося экспартаваць</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json *.json.gz);;All files (*)</source>
        <translation>JSON трасы Chrome (*.json *.json.gz);;Усе файлы (*)</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json);;Compressed trace JSON (*.json.gz)</source>
        <translation>JSON трасы Chrome (*.json);;Сціснуты JSON трасы (*.json.gz)</translation>
    </message>
    <message>
        <source>Open recent</source>
        <translation>Адкрыць нядаўні</translation>
    </message>
    <message>
        <source>No files opened yet</source>
        <translation>Файлы яшчэ не адкрываліся</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Ачысціць спіс</translation>
    </message>
</context>
<context>
    <name>FilesController</name>
    <message>
        <source>Open program…</source>
        <translation>Адкрыць праграму…</translation>
    </message>
    <message>
        <source>Loads a program file (JSON, see docs/PROGRAMS.md) and runs it on a fresh loop.</source>
        <translation>Загружае файл праграмы (JSON, гл. docs/PROGRAMS.md) і запускае яе на новым цыкле.</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>Адкрыць запіс…</translation>
    </message>
    <message>
        <source>Opens a recorded trace (exported here or by --trace) to look at its timeline, latency and console again.</source>
        <translation>Адкрывае запісаную трасу (экспартаваную тут або праз --trace), каб зноў паглядзець яе часавую шкалу, затрымкі і кансоль.</translation>
    </message>
    <message>
        <source>Export trace…</source>
        <translation>Экспартаваць трасу…</translation>
    </message>
    <message>
        <source>Writes what has been recorded so far as Chrome trace JSON, which Perfetto and LoopScope open.</source>
        <translation>Запісвае ўсё запісанае дагэтуль як JSON трасы Chrome, які адкрываюць Perfetto і LoopScope.</translation>
    </message>
    <message>
        <source>Export latency CSV…</source>
        <translation>Экспартаваць CSV затрымак…</translation>
    </message>
    <message>
        <source>Writes the loop-delay and /health samples recorded so far as CSV, for a spreadsheet.</source>
        <translation>Запісвае замеры затрымкі цыкла і /health дагэтуль як CSV, для электроннай табліцы.</translation>
    </message>
    <message>
        <source>Export picture</source>
        <translation>Экспартаваць выяву</translation>
    </message>
    <message>
        <source>Circle…</source>
        <translation>Кола…</translation>
    </message>
    <message>
        <source>Latency chart…</source>
        <translation>Графік затрымкі…</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>Храналогія…</translation>
    </message>
    <message>
        <source>Whole window…</source>
        <translation>Усё акно…</translation>
    </message>
    <message>
        <source>Saves it as drawn now: PNG, or SVG with vector shapes and text for slides.</source>
        <translation>Захоўвае, як намалявана зараз: PNG або SVG з вектарнымі фігурамі і тэкстам для слайдаў.</translation>
    </message>
    <message>
        <source>Export animation…</source>
        <translation>Экспартаваць анімацыю…</translation>
    </message>
    <message>
        <source>Replays a stretch of the recording and writes the circle, the chart, the timeline or the window as an animated GIF or WebP, frame by frame, for slides and web pages.</source>
        <translation>Прайгравае частку запісу і запісвае кола, графік, храналогію або акно як анімаваны GIF ці WebP, кадр за кадрам, для слайдаў і вэб-старонак.</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>Экспартаваць справаздачу…</translation>
    </message>
    <message>
        <source>Writes one PDF page about the run shown: the program, its console, the circle, the latency chart and the recording&apos;s summary.</source>
        <translation>Запісвае адну старонку PDF пра паказаны прагон: праграму, яе кансоль, кола, графік затрымкі і зводку запісу.</translation>
    </message>
    <message>
        <source>Drawing the animation %1…</source>
        <translation>Маляванне анімацыі %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Скасаваць</translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation>Экспартаваць анімацыю</translation>
    </message>
    <message>
        <source>An animation replays a recording: open one, or pause the run or let it end, then export.</source>
        <translation>Анімацыя прайграе запіс: адкрыйце запіс, або прыпыніце выкананне, або дайце яму скончыцца, потым экспартуйце.</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Экспартаваць справаздачу</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>Дакумент PDF (*.pdf)</translation>
    </message>
    <message>
        <source>the idle loop</source>
        <translation>бяздзейны цыкл</translation>
    </message>
</context>
<context>
    <name>HelpDialogs</name>
    <message>
        <source>In the timeline: the wheel or + and - zoom, dragging or the arrow keys pan, Home fits a run that has ended or follows the live edge, a press on the ruler moves the playhead, Shift and drag measures, S gives every callback one slot, Esc clears the selection.</source>
        <translation>У храналогіі: кола мышы або + і - маштабуюць, перацягванне або стрэлкі зрушваюць, Home паказвае скончаны прагон цалкам або ідзе за жывым краем, націск на лінейцы рухае курсор прайгравання, Shift і перацягванне вымяраюць, S дае кожнаму выкліку ячэйку, Esc здымае вылучэнне.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Спалучэнні клавіш</translation>
    </message>
    <message>
        <source>The circle is one iteration of a real libuv event loop, the loop Node.js runs on. Its segments are the phases in the order the loop goes through them: timers, pending, idle, prepare, poll, check, close. The hand points at the phase the loop is in; a phase that blocks the loop turns red, with a stopwatch.</source>
        <translation>Кола — гэта адна ітэрацыя сапраўднага цыкла падзей libuv, цыкла, на якім працуе Node.js. Яго сегменты — фазы ў тым парадку, у якім цыкл іх праходзіць: timers, pending, idle, prepare, poll, check, close. Стрэлка паказвае фазу, у якой цыкл знаходзіцца; фаза, што блакуе цыкл, робіцца чырвонай, з секундамерам.</translation>
    </message>
    <message>
        <source>The centre shows two queues that are not phases: the nextTick queue and the microtask queue (promise jobs). They are drained after every callback, nextTicks first, before the loop moves on, which is why a promise.then runs before a setTimeout 0 queued earlier.</source>
        <translation>У цэнтры дзве чаргі, якія не з&apos;яўляюцца фазамі: чарга nextTick і чарга мікразадач (заданні promise). Яны апаражняюцца пасля кожнага зваротнага выкліку, спачатку nextTick, перш чым цыкл пойдзе далей; таму promise.then выконваецца раней за setTimeout 0, пастаўлены ў чаргу раней.</translation>
    </message>
    <message>
        <source>The numbers on the rim count what waits for each phase: due timers, immediates for check, close callbacks. The queue panels on the right list the callbacks themselves; the thread-pool lanes show the four threads (by default) that run fs, dns and crypto work off the loop.</source>
        <translation>Лічбы на абадку лічаць тое, што чакае кожную фазу: таймеры, якім пара спрацаваць, immediate для check, зваротныя выклікі закрыцця. Панэлі чэргаў справа пералічваюць самі выклікі; дарожкі пула патокаў паказваюць чатыры патокі (прадвызначана), што робяць працу fs, dns і crypto па-за цыклам.</translation>
    </message>
    <message>
        <source>Below, the latency chart shows how late the loop ran its timers (a blocked loop is a tall step), the timeline shows every phase and callback as a bar, and the console prints what the program logged. Pause (Space) and step (C, N, I) to watch one callback at a time; in a run that has ended, Shift+C steps back.</source>
        <translation>Унізе графік затрымкі паказвае, наколькі позна цыкл выконваў свае таймеры (заблакаваны цыкл — высокая прыступка), храналогія паказвае кожную фазу і зваротны выклік палоскай, а кансоль друкуе тое, што вывела праграма. Прыпыніце (Прабел) і крочце (C, N, I), каб бачыць па адным выкліку; у скончаным прагоне Shift+C крочыць назад.</translation>
    </message>
    <message>
        <source>What am I looking at?</source>
        <translation>Што я бачу?</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>не знойдзены</translation>
    </message>
    <message>
        <source>About LoopScope</source>
        <translation>Пра LoopScope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;LoopScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Makes the Node.js event loop visible: a real libuv loop, its phases, queues and thread pool, as the program runs.&lt;/p&gt;&lt;p&gt;libuv %2 (the loop shown)&lt;br&gt;Node.js %3 (compared with)&lt;br&gt;Qt %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;LoopScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Робіць бачным цыкл падзей Node.js: сапраўдны цыкл libuv, яго фазы, чэргі і пул патокаў, пакуль праграма працуе.&lt;/p&gt;&lt;p&gt;libuv %2 (паказаны цыкл)&lt;br&gt;Node.js %3 (з чым параўноўваецца)&lt;br&gt;Qt %4&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>System language</source>
        <translation>Мова сістэмы</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <source>Latency chart</source>
        <translation>Графік затрымак</translation>
    </message>
    <message>
        <source>/health response</source>
        <translation>адказ /health</translation>
    </message>
    <message>
        <source>utilisation %</source>
        <translation>загрузка, %</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>мс</translation>
    </message>
    <message>
        <source>%1 · blocking the loop for %2 s</source>
        <translation>%1 · блакуе цыкл %2 с</translation>
    </message>
    <message>
        <source>%1 ×%L2</source>
        <translation>%1 ×%L2</translation>
    </message>
    <message>
        <source>/health failed</source>
        <translation>збой /health</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Loop delay&lt;/b&gt;: how much later than planned the loop got to a check that should run every 10 ms, that is, how long callbacks kept it busy. Node&apos;s monitorEventLoopDelay histogram records the raw time between two checks, about 10 ms on an idle loop; subtract the resolution to get the delay meant here. Each sample is drawn over the time it measures, so a 300 ms block is a step 300 ms wide and 300 ms tall.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: how long the built-in HTTP server took to answer a probe; it can only answer when the loop is free. A red diamond is a probe that got no answer.&lt;/p&gt;&lt;p&gt;While the loop is blocked, a dashed box grows: a probe still waiting for its turn.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Utilisation&lt;/b&gt; (right axis): the share of time the loop ran code instead of waiting in poll.&lt;/p&gt;&lt;p&gt;Shaded bands mark callbacks that held the loop for more than 20 ms.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Затрымка цыкла&lt;/b&gt;: наколькі пазней, чым планавалася, цыкл дайшоў да праверкі, якая павінна адбывацца кожныя 10 мс, гэта значыць, як доўга зваротныя выклікі трымалі яго занятым. Гістаграма monitorEventLoopDelay у Node запісвае ўвесь час паміж дзвюма праверкамі — каля 10 мс на цыкле без нагрузкі; адніміце раздзяляльнасць, каб атрымаць затрымку, пра якую тут ідзе гаворка. Кожны замер намаляваны на ўвесь час, які ён вымярае, таму блакаванне на 300 мс — гэта прыступка шырынёй 300 мс і вышынёй 300 мс.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: як доўга ўбудаваны HTTP-сервер адказваў на праверку; ён можа адказаць, толькі калі цыкл вольны. Чырвоны ромб — праверка, якая не атрымала адказу.&lt;/p&gt;&lt;p&gt;Пакуль цыкл заблакаваны, расце пункцірная рамка: праверка, якая яшчэ чакае сваёй чаргі.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Загрузка&lt;/b&gt; (правая вось): доля часу, калі цыкл выконваў код, а не чакаў у poll.&lt;/p&gt;&lt;p&gt;Зацененыя палосы пазначаюць зваротныя выклікі, якія трымалі цыкл больш за 20 мс.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>previous run</source>
        <translation>папярэдняе выкананне</translation>
    </message>
    <message>
        <source>probe waiting</source>
        <translation>праверка чакае</translation>
    </message>
    <message>
        <source>/health waiting</source>
        <translation>/health чакае</translation>
    </message>
    <message>
        <source>ms (log)</source>
        <translation>мс (лаг.)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;loop delay&lt;/b&gt;: how much later than planned the loop got to the delay monitor&apos;s check, beyond its resolution.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: how long the built-in server took to answer; a diamond is a probe that got no answer.&lt;/p&gt;&lt;p&gt;&lt;b&gt;utilisation&lt;/b&gt; (right axis): the share of time the loop ran code.&lt;/p&gt;&lt;p&gt;&lt;b&gt;previous run&lt;/b&gt;: the loop delay of the run before this one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;затрымка цыкла&lt;/b&gt;: наколькі пазней, чым планавалася, цыкл дайшоў да праверкі манітора затрымкі, звыш яго раздзяляльнасці.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: як доўга ўбудаваны сервер адказваў; ромб — праверка, якая не атрымала адказу.&lt;/p&gt;&lt;p&gt;&lt;b&gt;загрузка&lt;/b&gt; (правая вось): доля часу, калі цыкл выконваў код.&lt;/p&gt;&lt;p&gt;&lt;b&gt;папярэдняе выкананне&lt;/b&gt;: затрымка цыкла ў выкананні перад гэтым.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Auto&lt;/b&gt; grows the millisecond axis to the highest step in view.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Fixed&lt;/b&gt; keeps the top you set, so runs of the same work done inline, in chunks or on a worker compare at the same height.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Log&lt;/b&gt; shows 0.01 ms and 1000 ms on one axis, a decade per grid line: small jitter and long blocks both stay readable.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Аўтаматычная&lt;/b&gt; павялічвае вось мілісекунд да найвышэйшай прыступкі на экране.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Фіксаваная&lt;/b&gt; захоўвае зададзены вамі верх, каб выкананні адной і той жа працы — за адзін раз, часткамі або ў патоку Worker — можна было параўнаць на аднолькавай вышыні.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Лагарыфмічная&lt;/b&gt; паказвае 0,01 мс і 1000 мс на адной восі, па адным дзесятковым парадку на лінію сеткі: і дробныя ваганні, і доўгія блакаванні застаюцца добра бачнымі.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <source>Top of the fixed scale</source>
        <translation>Верх фіксаванай шкалы</translation>
    </message>
    <message>
        <source>The top of the fixed scale in milliseconds. Anything taller is cut at the top and its height is written there.</source>
        <translation>Верх фіксаванай шкалы ў мілісекундах. Усё, што вышэй, абразаецца зверху, і там пішацца яго вышыня.</translation>
    </message>
    <message>
        <source>When a new run starts, the loop delay of the previous one stays as a faint grey line, aligned to its start, so you can compare the two: the same work inline, chunked, or on a worker.</source>
        <translation>Калі пачынаецца новае выкананне, затрымка цыкла папярэдняга застаецца бледнай шэрай лініяй, выраўнаванай па яго пачатку, каб іх можна было параўнаць: тая ж праца за адзін раз, часткамі або ў патоку Worker.</translation>
    </message>
    <message>
        <source>delay</source>
        <translation>затрымка</translation>
    </message>
    <message>
        <source>/health</source>
        <translation>/health</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>збой</translation>
    </message>
    <message>
        <source>previous</source>
        <translation>мінулае</translation>
    </message>
    <message>
        <source>probe waiting %1 ms</source>
        <translation>праверка чакае %1 мс</translation>
    </message>
    <message>
        <source>/health waiting %1 ms</source>
        <translation>/health чакае %1 мс</translation>
    </message>
    <message>
        <source>loop delay beyond %1 ms</source>
        <translation>затрымка цыкла звыш %1 мс</translation>
    </message>
    <message>
        <source>▲ %1 ms</source>
        <translation>▲ %1 мс</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>загрузка</translation>
    </message>
    <message>
        <source>Auto</source>
        <comment>scale of the ms axis</comment>
        <translation>Аўта</translation>
    </message>
    <message>
        <source>Fixed</source>
        <comment>scale of the ms axis</comment>
        <translation>Фікс.</translation>
    </message>
    <message>
        <source>Log</source>
        <comment>scale of the ms axis</comment>
        <translation>Лаг.</translation>
    </message>
    <message>
        <source>Scale of the millisecond axis</source>
        <translation>Шкала восі мілісекунд</translation>
    </message>
    <message>
        <source>Previous</source>
        <comment>keep the previous run as a ghost line</comment>
        <translation>Папярэдні</translation>
    </message>
    <message>
        <source>Keep the previous run as a ghost line</source>
        <translation>Пакідаць папярэдні запуск бледнай лініяй</translation>
    </message>
    <message>
        <source>%1 · before the loop: the delay monitor cannot see it</source>
        <translation>%1 · да цыкла: манітор затрымкі гэтага не бачыць</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>Your order of the lines</source>
        <translation>Ваш парадак радкоў</translation>
    </message>
    <message>
        <source>Drag a line up or down, or select it and press Alt+Up or Alt+Down.</source>
        <translation>Перацягніце радок уверх або ўніз, або вылучыце яго і націсніце Alt+Уверх ці Alt+Уніз.</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Уверх</translation>
    </message>
    <message>
        <source>Moves the selected line up (Alt+Up in the list).</source>
        <translation>Перамяшчае вылучаны радок уверх (Alt+Уверх у спісе).</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Уніз</translation>
    </message>
    <message>
        <source>Moves the selected line down (Alt+Down in the list).</source>
        <translation>Перамяшчае вылучаны радок уніз (Alt+Уніз у спісе).</translation>
    </message>
    <message>
        <source>Run and check</source>
        <translation>Запусціць і праверыць</translation>
    </message>
    <message>
        <source>Runs the scenario in the window, live or stepped, and compares what it prints with your order when it ends.</source>
        <translation>Запускае сцэнарый у акне, уживую або пакрокава, і пасля заканчэння параўноўвае надрукаванае з вашым парадкам.</translation>
    </message>
    <message>
        <source>Select a scenario: its lesson appears here.</source>
        <translation>Выберыце сцэнарый: яго ўрок з&apos;явіцца тут.</translation>
    </message>
    <message>
        <source>Preparing the lesson…</source>
        <translation>Рыхтуецца ўрок…</translation>
    </message>
    <message>
        <source>This scenario does not end on its own: run it and watch the circle and the chart.</source>
        <translation>Гэты сцэнарый не сканчаецца сам: запусціце яго і назірайце за колам і графікам.</translation>
    </message>
    <message>
        <source>This scenario prints fewer than two lines, so there is no order to guess: run it and watch the circle and the chart.</source>
        <translation>Гэты сцэнарый друкуе менш за два радкі, таму няма парадку для адгадвання: запусціце яго і назірайце за колам і графікам.</translation>
    </message>
    <message>
        <source>In which order will these lines print? Put them in the order you expect (drag them, or Alt+Up and Alt+Down), then run and check.</source>
        <translation>У якім парадку надрукуюцца гэтыя радкі? Пастаўце іх у чаканым парадку (перацягніце або Alt+Уверх і Alt+Уніз), потым запусціце і праверце.</translation>
    </message>
    <message>
        <source>This one is a race: the order can change from run to run. Put the lines in the order you expect to see more often, then run and check.</source>
        <translation>Гэта гонка: парадак можа мяняцца ад запуску да запуску. Пастаўце радкі ў парадку, які, на вашу думку, будзе часцей, потым запусціце і праверце.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right.&lt;/b&gt; The run printed the lines in the order you put them.</source>
        <translation>&lt;b&gt;Правільна.&lt;/b&gt; Запуск надрукаваў радкі ў тым парадку, у які вы іх паставілі.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right, some of the time.&lt;/b&gt; This run printed another order, but yours comes too: it is a race. Loop &gt; Run many times shows how often each order wins.</source>
        <translation>&lt;b&gt;Правільна часам.&lt;/b&gt; Гэты запуск надрукаваў іншы парадак, але ваш таксама бывае: гэта гонка. Цыкл &gt; Запусціць шмат разоў паказвае, як часта перамагае кожны парадак.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not quite.&lt;/b&gt; %1 of %2 lines were where you put them. Line %3 printed “%4”, where you expected “%5”.</source>
        <translation>&lt;b&gt;Не зусім.&lt;/b&gt; %1 з %2 радкоў былі там, куды вы іх паставілі. Радок %3 надрукаваў «%4», а вы чакалі «%5».</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Чаму:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Yes, it keeps answering</source>
        <translation>Так, адказвае і далей</translation>
    </message>
    <message>
        <source>Every /health request is answered within a few milliseconds while the program runs.</source>
        <translation>Кожны запыт да /health атрымлівае адказ за некалькі мілісекунд, пакуль праграма працуе.</translation>
    </message>
    <message>
        <source>No, it waits</source>
        <translation>Не, чакае</translation>
    </message>
    <message>
        <source>/health requests wait until the program lets the loop go.</source>
        <translation>Запыты да /health чакаюць, пакуль праграма не вызваліць цыкл.</translation>
    </message>
    <message>
        <source>While this program runs, the built-in server is asked for /health every %1 ms. Will it keep answering? Choose, then run and check.</source>
        <translation>Пакуль праграма працуе, убудаваны сервер пытаюць пра /health кожныя %1 мс. Ці будзе ён адказваць і далей? Выберыце, потым запусціце і праверце.</translation>
    </message>
    <message>
        <source>/health kept answering: the slowest answer took %1 ms.</source>
        <translation>/health адказваў і далей: самы павольны адказ заняў %1 мс.</translation>
    </message>
    <message>
        <source>/health waited: its slowest answer took %1 ms, the time the program kept the loop from it.</source>
        <translation>/health чакаў: самы павольны адказ заняў %1 мс — столькі праграма не аддавала яму цыкл.</translation>
    </message>
    <message>
        <source>/health got no answer while the program ran.</source>
        <translation>/health не атрымаў адказу, пакуль праграма працавала.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) got no answer at all.</source>
        <translation>
            <numerusform>%n запыт не атрымаў аніякага адказу.</numerusform>
            <numerusform>%n запыты не атрымалі аніякага адказу.</numerusform>
            <numerusform>%n запытаў не атрымалі аніякага адказу.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;The run:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Запуск:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right.&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Правільна.&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not quite.&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Не зусім.&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Yes, they run on time</source>
        <translation>Так, выконваюцца своечасова</translation>
    </message>
    <message>
        <source>Every check runs within a few milliseconds of its time while the program runs.</source>
        <translation>Кожная праверка выконваецца праз некалькі мілісекунд ад свайго часу, пакуль праграма працуе.</translation>
    </message>
    <message>
        <source>No, they wait</source>
        <translation>Не, чакаюць</translation>
    </message>
    <message>
        <source>The checks wait until the program lets the loop go.</source>
        <translation>Праверкі чакаюць, пакуль праграма не вызваліць цыкл.</translation>
    </message>
    <message>
        <source>While this program runs, the loop checks every %1 ms that it is free (the delay monitor, as perf_hooks.monitorEventLoopDelay does). Will those checks keep running on time? Choose, then run and check.</source>
        <translation>Пакуль праграма працуе, цыкл кожныя %1 мс правярае, што ён вольны (манітор затрымкі, як perf_hooks.monitorEventLoopDelay). Ці будуць гэтыя праверкі і далей выконвацца своечасова? Выберыце, потым запусціце і праверце.</translation>
    </message>
    <message>
        <source>The delay checks ran on time: the longest delay was %1 ms.</source>
        <translation>Праверкі затрымкі выконваліся своечасова: найбольшая затрымка — %1 мс.</translation>
    </message>
    <message>
        <source>The delay checks waited: the longest delay was %1 ms, the time the program kept the loop from them.</source>
        <translation>Праверкі затрымкі чакалі: найбольшая затрымка — %1 мс, столькі праграма не аддавала ім цыкл.</translation>
    </message>
    <message>
        <source>No delay check ran while the program ran.</source>
        <translation>Пакуль праграма працавала, ніводная праверка затрымкі не выканалася.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Look at&lt;/b&gt; the latency chart (ringed): the /health line climbs wherever the loop was kept busy, and falls back once it is free.</source>
        <translation>&lt;b&gt;Паглядзіце&lt;/b&gt; на графік затрымкі (абведзены): лінія /health узнімаецца там, дзе цыкл быў заняты, і апускаецца, як толькі ён вызваліцца.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Look at&lt;/b&gt; the latency chart (ringed): the loop-delay line is a step as wide and as tall as each stretch the loop was kept busy.</source>
        <translation>&lt;b&gt;Паглядзіце&lt;/b&gt; на графік затрымкі (абведзены): лінія затрымкі цыкла — прыступка такой жа шырыні і вышыні, як кожны адрэзак, калі цыкл быў заняты.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Look at&lt;/b&gt; the console (ringed): the lines in the order the program printed them. Step back through the run (Shift+C) to see which queue each one came from.</source>
        <translation>&lt;b&gt;Паглядзіце&lt;/b&gt; на кансоль (абведзена): радкі ў тым парадку, у якім праграма іх вывела. Прайдзіце выкананне назад (Shift+C), каб убачыць, з якой чаргі прыйшоў кожны.</translation>
    </message>
    <message>
        <source>Does /health keep answering while it runs?</source>
        <translation>Ці адказвае /health, пакуль яно працуе?</translation>
    </message>
    <message>
        <source>Does the loop keep up while it runs?</source>
        <translation>Ці спраўляецца цыкл, пакуль яно працуе?</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The run is held before its main module.&lt;/b&gt; Press &lt;b&gt;Space&lt;/b&gt; to run it to its end, or &lt;b&gt;C&lt;/b&gt; to step one callback at a time (&lt;b&gt;N&lt;/b&gt; a phase, &lt;b&gt;I&lt;/b&gt; an iteration) and watch the queues; your guess is checked when it ends.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Запуск спынены перад галоўным модулем.&lt;/b&gt; Націсніце &lt;b&gt;Прабел&lt;/b&gt;, каб выканаць яго да канца, або &lt;b&gt;C&lt;/b&gt;, каб ісці па адным зваротным выкліку (&lt;b&gt;N&lt;/b&gt; — фаза, &lt;b&gt;I&lt;/b&gt; — ітэрацыя) і глядзець на чэргі; ваш адказ правяраецца, калі ён скончыцца.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>LoopScope %1</source>
        <translation>LoopScope %1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Запусціць</translation>
    </message>
    <message>
        <source>Runs the scenario selected in the browser on a fresh loop; the previous run stops.</source>
        <translation>Запускае выбраны ў спісе сцэнарый на новым цыкле; папярэдняе выкананне спыняецца.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Спыніць</translation>
    </message>
    <message>
        <source>/health probe</source>
        <translation>Праверка /health</translation>
    </message>
    <message>
        <source>Sends a request to the built-in server every 20 ms, like a load balancer: a blocked loop answers late.</source>
        <translation>Адпраўляе запыт убудаванаму серверу кожныя 20 мс, як балансавальнік нагрузкі: заблакаваны цыкл адказвае са спазненнем.</translation>
    </message>
    <message>
        <source>Delay monitor</source>
        <translation>Манітор затрымкі</translation>
    </message>
    <message>
        <source>Measures how late a 10 ms timer fires, like perf_hooks.monitorEventLoopDelay.</source>
        <translation>Вымярае, наколькі позна спрацоўвае таймер на 10 мс, як perf_hooks.monitorEventLoopDelay.</translation>
    </message>
    <message>
        <source>real time</source>
        <translation>рэальны час</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>Павольней</translation>
    </message>
    <message>
        <source>More slow motion.</source>
        <translation>Мацнейшае запаволенне.</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Хутчэй</translation>
    </message>
    <message>
        <source>Less slow motion.</source>
        <translation>Слабейшае запаволенне.</translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation>Цёмная тэма</translation>
    </message>
    <message>
        <source>Switches between the light and the dark theme; the choice is remembered.</source>
        <translation>Пераключае паміж светлай і цёмнай тэмамі; выбар захоўваецца.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выйсці</translation>
    </message>
    <message>
        <source>Closes LoopScope.</source>
        <translation>Закрывае LoopScope.</translation>
    </message>
    <message>
        <source>Loop controls</source>
        <translation>Кіраванне цыклам</translation>
    </message>
    <message>
        <source>Slow motion </source>
        <translation>Запаволенне </translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation>&amp;Цыкл</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Выгляд</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>Сцэнарыі</translation>
    </message>
    <message>
        <source>The built-in experiments, with the Node.js script each one is equivalent to.</source>
        <translation>Убудаваныя эксперыменты і эквівалентны скрыпт Node.js для кожнага з іх.</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Нагрузкі</translation>
    </message>
    <message>
        <source>Work to inject into the running loop while you watch.</source>
        <translation>Нагрузка, якую можна дадаць у запушчаны цыкл і назіраць за ёй.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Чэргі</translation>
    </message>
    <message>
        <source>What is waiting in each queue, in the order it will run.</source>
        <translation>Што чакае ў кожнай чарзе, у парадку выканання.</translation>
    </message>
    <message>
        <source>Loop status</source>
        <translation>Стан цыкла</translation>
    </message>
    <message>
        <source>The loop&apos;s phase, iteration, rates and what poll waits for.</source>
        <translation>Фаза цыкла, ітэрацыя, хуткасці і тое, чаго чакае poll.</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Кансоль</translation>
    </message>
    <message>
        <source>The program&apos;s console.log output in the order the runtime printed it, with errors in red.</source>
        <translation>Вывад console.log праграмы ў тым парадку, у якім яго надрукавала асяроддзе выканання; памылкі — чырвоным.</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>нагрузка</translation>
    </message>
    <message>
        <source>%1: not supported by this engine: %2</source>
        <translation>%1: не падтрымліваецца гэтым рухавіком: %2</translation>
    </message>
    <message>
        <source>▶ injected: %1</source>
        <translation>▶ дададзена: %1</translation>
    </message>
    <message>
        <source>■ stopped: the run of %1 was aborted; the loop continues idle</source>
        <translation>■ спынена: выкананне %1 перапынена; цыкл працуе далей без нагрузкі</translation>
    </message>
    <message>
        <source>Previous run (%1) aborted. Inject workloads or run a scenario.</source>
        <translation>Папярэдняе выкананне (%1) перапынена. Дадайце нагрузку або запусціце сцэнарый.</translation>
    </message>
    <message>
        <source>LoopScope — %1</source>
        <translation>LoopScope — %1</translation>
    </message>
    <message>
        <source>Running %1 on libuv %2, thread pool of %3</source>
        <translation>Выконваецца %1 на libuv %2, пул патокаў: %3</translation>
    </message>
    <message numerus="yes">
        <source>%n events could not be recorded (the recording is full).</source>
        <translation>
            <numerusform>Не ўдалося запісаць %n падзею (запіс запоўнены).</numerusform>
            <numerusform>Не ўдалося запісаць %n падзеі (запіс запоўнены).</numerusform>
            <numerusform>Не ўдалося запісаць %n падзей (запіс запоўнены).</numerusform>
        </translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Пул патокаў</translation>
    </message>
    <message>
        <source>libuv&apos;s worker threads: what each one runs and for how long, the work waiting for a free thread, and the occupancy of the last seconds.</source>
        <translation>Працоўныя патокі libuv: што выконвае кожны з іх і як доўга, задачы, што чакаюць вольнага патоку, і занятасць за апошнія секунды.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Часавая шкала</translation>
    </message>
    <message>
        <source>The recent seconds as a Gantt chart: phases, callbacks by kind, pool workers and worker loops. Wheel or +/- zooms, dragging or the arrow keys pan, Home follows the live edge, a click shows details.</source>
        <translation>Апошнія секунды ў выглядзе дыяграмы Ганта: фазы, зваротныя выклікі па тыпах, патокі пула і цыклы Worker. Кола мышы або +/- змяняюць маштаб, перацягванне або стрэлкі зрушваюць від, Home вяртае назіранне ў рэальным часе, пстрычка паказвае падрабязнасці.</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Затрымка</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>LoopScope — %1 (recording)</source>
        <translation>LoopScope — %1 (запіс)</translation>
    </message>
    <message numerus="yes">
        <source>Recording of %1 from %2 (libuv %3, thread pool of %4): %n events</source>
        <translation>
            <numerusform>Запіс %1 з %2 (libuv %3, пул з %4 патокаў): %n падзея</numerusform>
            <numerusform>Запіс %1 з %2 (libuv %3, пул з %4 патокаў): %n падзеі</numerusform>
            <numerusform>Запіс %1 з %2 (libuv %3, пул з %4 патокаў): %n падзей</numerusform>
        </translation>
    </message>
    <message>
        <source>; the run was aborted</source>
        <translation>; выкананне было перапынена</translation>
    </message>
    <message numerus="yes">
        <source>; %n events were not recorded</source>
        <translation>
            <numerusform>; %n падзея не запісана</numerusform>
            <numerusform>; %n падзеі не запісаны</numerusform>
            <numerusform>; %n падзей не запісана</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>Запісана %1</translation>
    </message>
    <message>
        <source>How much later than expected the loop&apos;s delay monitor ran (beyond its 10 ms resolution), the /health response time and event-loop utilisation; each sample covers the time it measured, a growing box is a probe still waiting, and shaded bands mark the workloads that ran.</source>
        <translation>Наколькі пазней, чым чакалася, спрацаваў манітор затрымкі цыкла (звыш яго раздзяляльнасці 10 мс), час адказу /health і загрузка цыкла падзей; кожны замер ахоплівае час, які ён вымераў, рамка, што расце, — гэта праверка, якая яшчэ чакае, а зацененыя палосы пазначаюць нагрузкі, якія выконваліся.</translation>
    </message>
    <message>
        <source>■ stopped: the work in progress was abandoned; the server loop goes on</source>
        <translation>■ спынена: бягучая праца перапынена; цыкл сервера працуе далей</translation>
    </message>
    <message>
        <source>Work abandoned. The server loop goes on: inject workloads or run a scenario.</source>
        <translation>Праца перапынена. Цыкл сервера працуе далей: дадайце нагрузку або запусціце сцэнарый.</translation>
    </message>
    <message>
        <source>Compare with Node.js…</source>
        <translation>Параўнаць з Node.js…</translation>
    </message>
    <message>
        <source>Runs the current program in node and in LoopScope, several times when its order depends on timing, and shows both consoles side by side with the first difference highlighted.</source>
        <translation>Запускае бягучую праграму ў node і ў LoopScope, некалькі разоў, калі яе парадак залежыць ад часу, і паказвае абедзве кансолі побач з першым адрозненнем, вылучаным колерам.</translation>
    </message>
    <message>
        <source>Slow motion: holds every phase, and the queues after every callback, this long, so the cursor can be followed. The time held is left out of the program&apos;s clock.</source>
        <translation>Запаволенне: трымае кожную фазу і чэргі пасля кожнага зваротнага выкліку гэтулькі часу, каб можна было сачыць за курсорам. Час затрымкі не ўлічваецца ў гадзінніку праграмы.</translation>
    </message>
    <message>
        <source>1000 ms/step</source>
        <translation>1000 мс/крок</translation>
    </message>
    <message>
        <source>%1 ms/step</source>
        <translation>%1 мс/крок</translation>
    </message>
    <message>
        <source>Timeline: one slot per callback</source>
        <translation>Храналогія: адна ячэйка на зваротны выклік</translation>
    </message>
    <message>
        <source>Gives each callback of the main loop the same width in the timeline, in the order they ran, so the jobs of a drain can be counted (S in the timeline).</source>
        <translation>Дае кожнаму зваротнаму выкліку галоўнага цыкла аднолькавую шырыню ў храналогіі, у парадку выканання, каб можна было палічыць заданні аднаго апаражнення чаргі (S у храналогіі).</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Спалучэнні клавіш</translation>
    </message>
    <message>
        <source>Every key LoopScope answers to, with what it does.</source>
        <translation>Кожная клавіша, на якую адказвае LoopScope, і што яна робіць.</translation>
    </message>
    <message>
        <source>What am I looking at?</source>
        <translation>Што я бачу?</translation>
    </message>
    <message>
        <source>The circle, its centre, the queues and the docks explained in a few sentences.</source>
        <translation>Кола, яго цэнтр, чэргі і панэлі, растлумачаныя ў некалькіх сказах.</translation>
    </message>
    <message>
        <source>About LoopScope</source>
        <translation>Пра LoopScope</translation>
    </message>
    <message>
        <source>The version of LoopScope, of the libuv it runs and of Node.js.</source>
        <translation>Версія LoopScope, libuv, на якой ён працуе, і Node.js.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Даведка</translation>
    </message>
    <message>
        <source>&amp;Rolling window past the memory budget</source>
        <translation>&amp;Слізгальнае акно звыш бюджэту памяці</translation>
    </message>
    <message>
        <source>When a run&apos;s recording outgrows the memory budget (%1 MB), let go of its oldest events instead of spilling them to a temporary file: a storm can run all lesson long, and the timeline keeps a summary of what was let go. Applies to the next run.</source>
        <translation>Калі запіс выканання перарастае бюджэт памяці (%1 МБ), адпускаць яго найстарэйшыя падзеі замест скіду ў часовы файл: шторм можа ісці ўвесь урок, а шкала часу захоўвае зводку адпушчанага. Дзейнічае з наступнага выканання.</translation>
    </message>
    <message numerus="yes">
        <source>Rolling window: the oldest %n events were let go to stay within the memory budget.</source>
        <translation>
            <numerusform>Слізгальнае акно: адпушчана %n найстарэйшая падзея, каб не перавысіць бюджэт памяці.</numerusform>
            <numerusform>Слізгальнае акно: адпушчаны %n найстарэйшыя падзеі, каб не перавысіць бюджэт памяці.</numerusform>
            <numerusform>Слізгальнае акно: адпушчана %n найстарэйшых падзей, каб не перавысіць бюджэт памяці.</numerusform>
        </translation>
    </message>
    <message>
        <source>Run &amp;many times…</source>
        <translation>Запусціць &amp;шмат разоў…</translation>
    </message>
    <message>
        <source>Runs the current program a hundred times on fresh loops and shows how often each output came: a race such as setTimeout(0) against setImmediate shows both orders with their frequencies.</source>
        <translation>Запускае бягучую праграму сто разоў, кожны раз на новым цыкле, і паказвае, як часта выходзіў кожны вынік: гонка, як setTimeout(0) супраць setImmediate, паказвае абодва парадкі з іх частотамі.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Мова</translation>
    </message>
    <message>
        <source>Slow motion, probes and theme</source>
        <translation>Запаволенне, праверкі і тэма</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Урок</translation>
    </message>
    <message>
        <source>Guess first, then run: the selected scenario&apos;s lines to put in the order you expect, checked against the real run.</source>
        <translation>Спачатку адгадайце, потым запусціце: радкі выбранага сцэнарыя, каб паставіць іх у чаканым парадку, правераныя рэальным запускам.</translation>
    </message>
    <message>
        <source>Running %1 under node with LoopScope&apos;s probe inside</source>
        <translation>%1 выконваецца ў node з зондам LoopScope ўнутры</translation>
    </message>
    <message>
        <source>LoopScope — node %1</source>
        <translation>LoopScope — node %1</translation>
    </message>
    <message>
        <source>%1 finished: nothing left to do</source>
        <translation>Выкананне %1 завершана: больш няма чаго рабіць</translation>
    </message>
    <message>
        <source>Run figures</source>
        <translation>Лічбы запуску</translation>
    </message>
    <message>
        <source>What the run measured once it has ended: loop delay as Node&apos;s monitorEventLoopDelay reports it, utilisation as its eventLoopUtilization computes it, /health, the thread pool, and the stretches a program measures, side by side.</source>
        <translation>Што вымераў запуск, калі ён скончыўся: затрымка цыкла, як яе паказвае monitorEventLoopDelay з Node, загрузка, як яе лічыць eventLoopUtilization, /health, пул патокаў і адрэзкі, якія вымярае праграма, побач.</translation>
    </message>
    <message>
        <source>; the program was ended by signal %1</source>
        <translation>; праграма спынена сігналам %1</translation>
    </message>
    <message>
        <source>; the program exited with code %1</source>
        <translation>; праграма скончылася з кодам %1</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Капіраваць</translation>
    </message>
    <message>
        <source>Copies the selected lines whole, as the program printed them.</source>
        <translation>Капіруе выбраныя радкі цалкам, як іх вывела праграма.</translation>
    </message>
    <message>
        <source>■ nothing to stop: the server loop is idle, waiting in poll</source>
        <translation>■ няма чаго спыняць: цыкл сервера бяздзейнічае, чакае ў poll</translation>
    </message>
    <message>
        <source>Nothing to stop: the server loop waits for work. Inject a workload or run a scenario.</source>
        <translation>Няма чаго спыняць: цыкл сервера чакае працы. Дадайце нагрузку або запусціце сцэнар.</translation>
    </message>
    <message>
        <source>Runs two scenarios, or two variants of one (CommonJS or ES module, Node 10&apos;s await, another thread pool size), and replays them side by side with one playhead: the comparisons the articles make.</source>
        <translation>Запускае два сцэнарыі або два варыянты аднаго (CommonJS ці ES-модуль, await з Node 10, іншы памер пула патокаў) і прайграе іх побач з адным курсорам: параўнанні з артыкулаў.</translation>
    </message>
    <message>
        <source>Compare t&amp;wo runs…</source>
        <translation>Параўнаць два &amp;запускі…</translation>
    </message>
    <message>
        <source>Abandons runaway work (a long block, a nextTick storm): the server loop goes on; a scenario&apos;s run ends and the server loop takes over. A Node.js program run with the probe ends; one attached to as it ran is detached from and runs on.</source>
        <translation>Перапыняе працу, якая выйшла з-пад кантролю (доўгае блакаванне, шторм nextTick): цыкл сервера працуе далей; выкананне сцэнарыя заканчваецца, і далей працуе цыкл сервера. Праграма Node.js, запушчаная з зондам, завяршаецца; ад той, да якой падлучыліся падчас працы, LoopScope адлучаецца, і яна працуе далей.</translation>
    </message>
    <message>
        <source>Blocked by</source>
        <translation>Што блакуе</translation>
    </message>
    <message>
        <source>Which JavaScript blocked the loop: the stacks the probe sampled while a callback of an attached program ran past its threshold, outermost frame at the top, each frame as wide as its share of the samples. It shows the callback selected in the timeline, else the one blocking now, else the last one that blocked.</source>
        <translation>Які JavaScript заблакаваў цыкл: стэкі, што зонд узяў, пакуль зваротны выклік падлучанай праграмы працаваў даўжэй за парог; вонкавы кадр уверсе, шырыня кожнага кадра — яго доля ўзораў. Паказвае зваротны выклік, выбраны на часавой шкале, інакш той, што блакуе цяпер, інакш апошні, што блакаваў.</translation>
    </message>
</context>
<context>
    <name>MemoryNotes</name>
    <message>
        <source>■ the recording passed %1 MB of memory: the rolling window now lets go of its oldest events (Loop menu)</source>
        <translation>■ запіс перавысіў %1 МБ памяці: слізгальнае акно цяпер адпускае яго найстарэйшыя падзеі (меню «Цыкл»)</translation>
    </message>
    <message>
        <source>■ the recording passed %1 MB of memory: its older events now go to a temporary file in %2, and nothing is lost (--memory-budget)</source>
        <translation>■ запіс перавысіў %1 МБ памяці: яго старэйшыя падзеі цяпер ідуць у часовы файл у %2, і нічога не губляецца (--memory-budget)</translation>
    </message>
    <message>
        <source>■ the recording passed %1 MB and could not spill to disk (%2); its oldest events are let go (--memory-budget)</source>
        <translation>■ запіс перавысіў %1 МБ і не змог пераліцца на дыск (%2); яго найстарэйшыя падзеі адкідаюцца (--memory-budget)</translation>
    </message>
    <message>
        <source>■ memory budget exceeded: the queues needed more than %1 MB; the run was aborted (--memory-budget)</source>
        <translation>■ бюджэт памяці перавышаны: чэргам трэба было больш за %1 МБ; выкананне спынена (--memory-budget)</translation>
    </message>
    <message>
        <source>■ the recording passed %1 MB and could not spill to disk (%2); the run was aborted (--memory-budget)</source>
        <translation>■ запіс перавысіў %1 МБ і не змог скінуцца на дыск (%2); выкананне спынена (--memory-budget)</translation>
    </message>
</context>
<context>
    <name>NodeCalibration</name>
    <message>
        <source>cannot run %1: %2</source>
        <translation>не ўдаецца запусціць %1: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 завяршыўся з памылкай: %2</translation>
    </message>
    <message>
        <source>%1 printed no figures: %2</source>
        <translation>%1 не вывеў лічбаў: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>не ўдаецца запісаць %1: %2</translation>
    </message>
    <message>
        <source>%1 not found: give the path of a Node.js executable</source>
        <translation>%1 не знойдзены: пазначце шлях да выканальнага файла Node.js</translation>
    </message>
    <message>
        <source>Node.js %1 (%2), measured %3, %4 fresh processes per figure:</source>
        <translation>Node.js %1 (%2), вымерана %3, %4 новых працэсаў на лічбу:</translation>
    </message>
    <message>
        <source>  first console.log: %1 µs</source>
        <translation>  першы console.log: %1 мкс</translation>
    </message>
    <message>
        <source>  first setTimeout: %1 µs before it reads the loop clock, %2 µs after (from the race inside an immediate)</source>
        <translation>  першы setTimeout: %1 мкс да таго, як ён чытае гадзіннік цыкла, %2 мкс пасля (з гонкі ўнутры immediate)</translation>
    </message>
    <message>
        <source>  first setImmediate: %1 µs</source>
        <translation>  першы setImmediate: %1 мкс</translation>
    </message>
    <message>
        <source>  main-race: timeout first in %1 of %2 runs, a start-up gap of %3 µs</source>
        <translation>  main-race: timeout першы ў %1 з %2 запускаў, паўза запуску %3 мкс</translation>
    </message>
    <message>
        <source>  setTimeout(0) against setImmediate inside an immediate: timeout first in %1 of %2 runs</source>
        <translation>  setTimeout(0) супраць setImmediate ўнутры immediate: timeout першы ў %1 з %2 запускаў</translation>
    </message>
    <message>
        <source>  a worker&apos;s first console.log: %1 µs; its script&apos;s end to its first nextTick: %2 µs</source>
        <translation>  першы console.log у worker: %1 мкс; ад канца яго скрыпта да першага nextTick: %2 мкс</translation>
    </message>
    <message>
        <source>  a worker&apos;s start-up, from new Worker to its first line: %1 µs</source>
        <translation>  запуск worker, ад new Worker да яго першага радка: %1 мкс</translation>
    </message>
    <message>
        <source>  each new Worker after the first: %1 µs</source>
        <translation>  кожны new Worker пасля першага: %1 мкс</translation>
    </message>
    <message>
        <source>%1 %2 µs</source>
        <translation>%1 %2 мкс</translation>
    </message>
    <message>
        <source>  first uses: %1</source>
        <translation>  першыя выкарыстанні: %1</translation>
    </message>
    <message>
        <source>  libuv&apos;s thread pool starting at the first request: %1 µs, and %2 µs a thread</source>
        <translation>  запуск пула патокаў libuv пры першым запыце: %1 мкс, і %2 мкс на паток</translation>
    </message>
    <message>
        <source>  the emitted script&apos;s HTTP server listening: %1 µs after the main module; its first request: %2 µs</source>
        <translation>  HTTP-сервер згенераванага скрыпта пачынае слухаць: %1 мкс пасля галоўнага модуля; яго першы запыт: %2 мкс</translation>
    </message>
    <message>
        <source>  the first rejected promise: %1 µs, and %2 µs after the main module&apos;s drain</source>
        <translation>  першы адхілены праміс: %1 мкс, і %2 мкс пасля ачысткі чэргаў галоўнага модуля</translation>
    </message>
    <message>
        <source>cannot make a temporary folder for the scripts</source>
        <translation>не ўдаецца стварыць часовую папку для скрыптоў</translation>
    </message>
    <message>
        <source>  dns.lookup&apos;s second call: %1 µs</source>
        <translation>  другі выклік dns.lookup: %1 мкс</translation>
    </message>
    <message>
        <source>  the thread pool starting while a worker boots: %1 µs more</source>
        <translation>  запуск пула патокаў, пакуль запускаецца воркер: на %1 мкс больш</translation>
    </message>
    <message>
        <source>  each of the next console.log lines: %1 µs (Node 20&apos;s table: %2 µs); every line&apos;s cost is scaled by it</source>
        <translation>  кожны з наступных радкоў console.log: %1 мкс (табліца Node 20: %2 мкс); кошт кожнага радка маштабуецца паводле яго</translation>
    </message>
    <message>
        <source>  that request answered and its response read, beyond a warm round trip: %1 µs</source>
        <translation>  адказ на гэты запыт і прачытаны адказ, звыш цёплага абароту туды і назад: %1 мкс</translation>
    </message>
    <message>
        <source>  first uses after a first console.log: nextTick %1 µs, queueMicrotask %2 µs</source>
        <translation>  першыя выкарыстанні пасля першага console.log: nextTick %1 мкс, queueMicrotask %2 мкс</translation>
    </message>
</context>
<context>
    <name>NodeCompareDialog</name>
    <message>
        <source>(end of output)</source>
        <translation>(канец вываду)</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>«%1»</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Вывад</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>LoopScope</source>
        <translation>LoopScope</translation>
    </message>
    <message>
        <source>Every distinct console output and how many runs printed it on each side. A program whose order depends on timing prints more than one; LoopScope should print only outputs that Node.js prints too, in similar proportions. Select a row to see that output in the consoles.</source>
        <translation>Кожны розны вывад кансолі і колькі запускаў надрукавалі яго з кожнага боку. Праграма, чый парадак залежыць ад часу, друкуе больш за адзін; LoopScope павінен друкаваць толькі тыя вывады, што друкуе і Node.js, у падобных прапорцыях. Вылучыце радок, каб убачыць гэты вывад у кансолях.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыць</translation>
    </message>
    <message>
        <source>Agree: one output, the same on both sides. Within Node&apos;s outputs: the order depends on timing, and every output LoopScope printed, Node.js printed too. Differ: LoopScope printed something Node.js never did; the first differing line is highlighted in both consoles.</source>
        <translation>Супадаюць: адзін вывад, аднолькавы з абодвух бакоў. У межах вывадаў Node: парадак залежыць ад часу, і кожны вывад, які надрукаваў LoopScope, надрукаваў і Node.js. Адрозніваюцца: LoopScope надрукаваў тое, чаго Node.js ніколі не друкаваў; першы адрозны радок вылучаны ў абедзвюх кансолях.</translation>
    </message>
    <message>
        <source>Runs on each side:</source>
        <translation>Запускаў з кожнага боку:</translation>
    </message>
    <message>
        <source>How many times node and LoopScope each run the program. Node decides the setTimeout(0) against setImmediate race of the main module by whether a millisecond passed before the loop&apos;s first timers phase; run main-race 20 times to see both orders on both sides.</source>
        <translation>Колькі разоў node і LoopScope запускаюць праграму кожны. Node вырашае гонку setTimeout(0) супраць setImmediate з галоўнага модуля паводле таго, ці прайшла мілісекунда да першай фазы timers цыкла; запусціце main-race 20 разоў, каб убачыць абодва парадкі з абодвух бакоў.</translation>
    </message>
    <message>
        <source>Node.js:</source>
        <translation>Node.js:</translation>
    </message>
    <message>
        <source>The node executable to compare with: a path, or a name looked up in PATH. The semantics follow Node 20; scripts/install-deps.sh installs Node.js.</source>
        <translation>Выканальны файл node для параўнання: шлях або імя, якое шукаецца ў PATH. Семантыка адпавядае Node 20; scripts/install-deps.sh усталёўвае Node.js.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Запусціць</translation>
    </message>
    <message>
        <source>Runs the emitted script in node and the program in LoopScope, one run at a time, and compares their consoles. (Enter)</source>
        <translation>Запускае створаны скрыпт у node і праграму ў LoopScope, па адным запуску, і параўноўвае іх кансолі. (Enter)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Скасаваць</translation>
    </message>
    <message>
        <source>Stops the runs. (Esc)</source>
        <translation>Спыняе запускі. (Esc)</translation>
    </message>
    <message>
        <source>%v of %m runs</source>
        <translation>%v з %m запускаў</translation>
    </message>
    <message>
        <source>What node printed on stdout for the emitted script (the script in the scenario browser). The first line that differs from LoopScope&apos;s is highlighted.</source>
        <translation>Тое, што node надрукаваў у stdout для створанага скрыпту (скрыпт у браўзеры сцэнарыяў). Першы радок, які адрозніваецца ад радка LoopScope, вылучаны.</translation>
    </message>
    <message>
        <source>What LoopScope printed running the same program headless (loopscope --headless). The first line that differs from Node&apos;s is highlighted.</source>
        <translation>Тое, што надрукаваў LoopScope, выконваючы тую ж праграму без акна (loopscope --headless). Першы радок, які адрозніваецца ад радка Node, вылучаны.</translation>
    </message>
    <message>
        <source>Compare with Node.js — %1</source>
        <translation>Параўнанне з Node.js — %1</translation>
    </message>
    <message>
        <source>Press Run (Enter) to run %1 in Node.js and in LoopScope and compare their consoles.</source>
        <translation>Націсніце «Запусціць» (Enter), каб запусціць %1 у Node.js і ў LoopScope і параўнаць іх кансолі.</translation>
    </message>
    <message>
        <source>Its output depends on timing (setTimeout(0) against setImmediate from the main module): %1 runs on each side are suggested, to see the distribution.</source>
        <translation>Яе вывад залежыць ад часу (setTimeout(0) супраць setImmediate з галоўнага модуля): прапануецца %1 запускаў з кожнага боку, каб убачыць размеркаванне.</translation>
    </message>
    <message>
        <source>Running %1 in Node.js and in LoopScope, one run at a time…</source>
        <translation>Запуск %1 у Node.js і ў LoopScope, па адным запуску…</translation>
    </message>
    <message>
        <source>Agree: Node.js and LoopScope printed the same output in every run (%1 on each side).</source>
        <translation>Супадаюць: Node.js і LoopScope надрукавалі аднолькавы вывад у кожным запуску (%1 з кожнага боку).</translation>
    </message>
    <message>
        <source>LoopScope within Node&apos;s outputs: in %1 runs Node.js printed %2 different outputs and LoopScope %3, all of them ones Node.js printed too.</source>
        <translation>LoopScope у межах вывадаў Node: за %1 запускаў Node.js надрукаваў розных вывадаў: %2, LoopScope: %3, і ўсе яны ёсць сярод вывадаў Node.js.</translation>
    </message>
    <message>
        <source>Differ at line %1: Node.js printed %2, LoopScope %3.</source>
        <translation>Адрозніваюцца ў радку %1: Node.js надрукаваў %2, LoopScope — %3.</translation>
    </message>
    <message>
        <source>Cancelled: no verdict.</source>
        <translation>Скасавана: вердыкту няма.</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(няма вываду)</translation>
    </message>
    <message>
        <source>Node.js · printed in %1 of %2 runs</source>
        <translation>Node.js · надрукавана ў %1 з %2 запускаў</translation>
    </message>
    <message>
        <source>LoopScope · printed in %1 of %2 runs</source>
        <translation>LoopScope · надрукавана ў %1 з %2 запускаў</translation>
    </message>
</context>
<context>
    <name>NodeComparison</name>
    <message>
        <source>(nothing on stderr)</source>
        <translation>(у stderr нічога няма)</translation>
    </message>
    <message>
        <source>Node.js was not found (&apos;%1&apos;). Install it with scripts/install-deps.sh, or give the path to node.</source>
        <translation>Node.js не знойдзены (&apos;%1&apos;). Усталюйце яго праз scripts/install-deps.sh або пакажыце шлях да node.</translation>
    </message>
    <message>
        <source>Cannot create a temporary directory: %1</source>
        <translation>Немагчыма стварыць часовы каталог: %1</translation>
    </message>
    <message>
        <source>Nothing to compare: choose a scenario or open a program.</source>
        <translation>Няма чаго параўноўваць: выберыце сцэнарый або адкрыйце праграму.</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: немагчыма адкрыць: %2</translation>
    </message>
    <message>
        <source>%1: programs larger than %2 MiB are refused</source>
        <translation>%1: праграмы больш за %2 МіБ не прымаюцца</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Немагчыма запісаць %1: %2</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>LoopScope</source>
        <translation>LoopScope</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>код выхаду %1</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>аварыйна завяршыўся</translation>
    </message>
    <message>
        <source>%1 failed in run %2 (%3): %4</source>
        <translation>%1: збой у запуску %2 (%3): %4</translation>
    </message>
    <message>
        <source>Cannot start Node.js (&apos;%1&apos;): %2. Install it with scripts/install-deps.sh, or give the path to node.</source>
        <translation>Немагчыма запусціць Node.js (&apos;%1&apos;): %2. Усталюйце яго праз scripts/install-deps.sh або пакажыце шлях да node.</translation>
    </message>
    <message>
        <source>Cannot start LoopScope (&apos;%1&apos;): %2</source>
        <translation>Немагчыма запусціць LoopScope (&apos;%1&apos;): %2</translation>
    </message>
    <message>
        <source>%1 did not finish run %2 within %3 s; it was stopped.</source>
        <translation>%1 не скончыў запуск %2 за %3 с; яго спынілі.</translation>
    </message>
</context>
<context>
    <name>NodeRunDialog</name>
    <message>
        <source>Node.js program</source>
        <translation>Праграма Node.js</translation>
    </message>
    <message>
        <source>JavaScript (*.js *.mjs *.cjs);;All files (*)</source>
        <translation>JavaScript (*.js *.mjs *.cjs);;Усе файлы (*)</translation>
    </message>
    <message>
        <source>Run with Node.js</source>
        <translation>Запусціць у Node.js</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Файл:</translation>
    </message>
    <message>
        <source>a .js file, run as node runs it</source>
        <translation>файл .js, запушчаны так, як яго запускае node</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Агляд…</translation>
    </message>
    <message>
        <source>&amp;JavaScript typed or pasted here:</source>
        <translation>&amp;JavaScript, набраны або ўстаўлены тут:</translation>
    </message>
    <message>
        <source>&amp;Arguments:</source>
        <translation>А&amp;ргументы:</translation>
    </message>
    <message>
        <source>given to the program (process.argv), as a shell would split them</source>
        <translation>перадаюцца праграме (process.argv), падзеленыя так, як іх дзяліў бы shell</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запусціць</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Скасаваць</translation>
    </message>
    <message>
        <source>%1: cannot write the program typed: %2</source>
        <translation>%1: не ўдаецца запісаць набраную праграму: %2</translation>
    </message>
    <message>
        <source>LoopScope starts node with its probe inside your program and shows the program&apos;s own event loop live: its timers, poll, check and close phases timed, every callback labelled with what invoked it (Timeout, Immediate, TickObject, PROMISE, FSREQCALLBACK, TCPWRAP, …) and the loop&apos;s delay. What the program prints appears in the console; stopping the run ends the program.</source>
        <translation>LoopScope запускае node са сваім зондам унутры вашай праграмы і паказвае ўжывую ўласны цыкл падзей праграмы: фазы timers, poll, check і close з часам, кожны зваротны выклік з пазнакай таго, што яго выклікала (Timeout, Immediate, TickObject, PROMISE, FSREQCALLBACK, TCPWRAP, …), і затрымку цыкла. Тое, што праграма друкуе, з&apos;яўляецца ў кансолі; спыненне запуску завяршае праграму.</translation>
    </message>
</context>
<context>
    <name>NodeTimingDialog</name>
    <message>
        <source>Node.js timing</source>
        <translation>Часы Node.js</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>100 %: as measured. A slower machine than the calibration&apos;s spends more (try 200 %); 0 % models no cost at all, and the main module&apos;s races then go LoopScope&apos;s way (the immediate first).</source>
        <translation>100 %: як вымерана. Машына, павольнейшая за калібровачную, марнуе больш (паспрабуйце 200 %); 0 % не мадэлюе ніякага кошту, і тады гонкі галоўнага модуля ідуць па-LoopScope (спачатку immediate).</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> мкс</translation>
    </message>
    <message>
        <source>Node&apos;s work between the main module&apos;s drain and the first timers phase. With the first setImmediate&apos;s own cost it makes main-race print &quot;timeout&quot; first in about one run in four, as Node 20 did (24 of 100 runs).</source>
        <translation>Праца Node паміж апаражненнем чэргаў галоўнага модуля і першай фазай таймераў. Разам з коштам першага setImmediate яна робіць так, што main-race друкуе «timeout» першым прыкладна ў адным запуску з чатырох, як рабіў Node 20 (24 са 100).</translation>
    </message>
    <message>
        <source>Scale of the measured costs:</source>
        <translation>Маштаб вымераных коштаў:</translation>
    </message>
    <message>
        <source>Start-up gap:</source>
        <translation>Паўза запуску:</translation>
    </message>
    <message>
        <source>Node 20&apos;s figures</source>
        <translation>Лічбы Node 20</translation>
    </message>
    <message>
        <source>Back to the figures measured with Node 20: 100 % and its start-up gap.</source>
        <translation>Вярнуцца да лічбаў, вымераных з Node 20: 100 % і яго паўза запуску.</translation>
    </message>
    <message>
        <source>a worker&apos;s start-up</source>
        <translation>запуск worker</translation>
    </message>
    <message>
        <source>main-race: about %1 µs pass between its setTimeout(0) and the first timers phase, so the timer should win in about %2 % of runs (Node 20: 24 %).</source>
        <translation>main-race: паміж яго setTimeout(0) і першай фазай таймераў праходзіць каля %1 мкс, таму таймер павінен выйграваць прыкладна ў %2 % запускаў (Node 20: 24 %).</translation>
    </message>
    <message>
        <source>Node.js spends time where LoopScope takes microseconds: its first console.log sets up stdout, each new line of JavaScript is set up the first time it runs, a worker boots a JavaScript engine, and start-up work runs between the main module and the first iteration. LoopScope spends the same time on its loop thread, so libuv&apos;s millisecond clock and the thread pool decide races such as setTimeout(0) against setImmediate as often as they do in Node. The figures were measured with Node 20 (scripts/calibrate-node-costs.js); they apply to runs started afterwards.</source>
        <translation>Node.js марнуе час там, дзе LoopScope патрабуюцца мікрасекунды: першы console.log наладжвае stdout, кожны новы радок JavaScript наладжваецца пры першым выкананні, worker запускае рухавік JavaScript, а праца запуску ідзе паміж галоўным модулем і першай ітэрацыяй. LoopScope марнуе той жа час у сваім патоку цыкла, таму мілісекундны гадзіннік libuv і пул патокаў вырашаюць гонкі накшталт setTimeout(0) супраць setImmediate гэтак жа часта, як у Node. Лічбы вымераны з Node 20 (scripts/calibrate-node-costs.js); яны дзейнічаюць для запускаў, пачатых пасля.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Аперацыя</translation>
    </message>
    <message>
        <source>First use</source>
        <translation>Першае выкарыстанне</translation>
    </message>
    <message>
        <source>Each new line</source>
        <translation>Кожны новы радок</translation>
    </message>
    <message>
        <source>Each later run</source>
        <translation>Кожнае наступнае выкананне</translation>
    </message>
    <message>
        <source>What Node spends the first time a thread uses the operation (its cold path), beyond a second use.</source>
        <translation>Колькі Node марнуе, калі паток упершыню выкарыстоўвае аперацыю (яе халодны шлях), звыш другога выкарыстання.</translation>
    </message>
    <message>
        <source>What Node spends on the first run of each further line that calls it: V8 sets the line up.</source>
        <translation>Колькі Node марнуе на першае выкананне кожнага наступнага радка, які яе выклікае: V8 наладжвае радок.</translation>
    </message>
    <message>
        <source>The modelled times: Node 20&apos;s, measured by scripts/calibrate-node-costs.js, times the scale above.</source>
        <translation>Мадэляваны час: час Node 20, вымераны scripts/calibrate-node-costs.js, памножаны на маштаб вышэй.</translation>
    </message>
    <message>
        <source>Calibrate…</source>
        <translation>Адкалібраваць…</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s Node.js now and use its figures.</source>
        <translation>Вымераць Node.js гэтай машыны зараз і ўжываць яго лічбы.</translation>
    </message>
    <message>
        <source>Calibrated on this machine (these figures replace Node 20&apos;s):</source>
        <translation>Адкалібравана на гэтай машыне (гэтыя лічбы замяняюць лічбы Node 20):</translation>
    </message>
    <message>
        <source>Not calibrated on this machine: the figures are Node 20&apos;s on the development machine. Calibrate… measures this machine&apos;s Node.js.</source>
        <translation>На гэтай машыне каліброўкі няма: лічбы — гэта лічбы Node 20 на машыне распрацоўкі. «Адкалібраваць…» вымярае Node.js гэтай машыны.</translation>
    </message>
    <message>
        <source>Node.js &amp;timing…</source>
        <translation>&amp;Часы Node.js…</translation>
    </message>
    <message>
        <source>The time Node.js spends that LoopScope models (its first console.log, a worker&apos;s start-up, the start-up gap): it decides races such as setTimeout(0) against setImmediate.</source>
        <translation>Час, які марнуе Node.js і які мадэлюе LoopScope (яго першы console.log, запуск worker, паўза запуску): ён вырашае гонкі, такія як setTimeout(0) супраць setImmediate.</translation>
    </message>
    <message>
        <source>Cali&amp;brate with this machine&apos;s Node.js…</source>
        <translation>Кал&amp;іброўка па Node.js гэтай машыны…</translation>
    </message>
    <message>
        <source>Runs Node.js a few hundred times to measure what it spends on this machine (its first console.log, the start-up gap, a worker&apos;s first line) and models that from now on, so Run many times shows this machine&apos;s distribution.</source>
        <translation>Запускае Node.js некалькі сотняў разоў, каб вымераць, колькі ён марнуе на гэтай машыне (першы console.log, паўза запуску, першы радок worker), і з гэтага часу мадэлюе гэта, так што «Запусціць шмат разоў» паказвае размеркаванне гэтай машыны.</translation>
    </message>
    <message>
        <source>Measuring %1 on this machine…</source>
        <translation>Вымяраецца %1 на гэтай машыне…</translation>
    </message>
    <message>
        <source>Cannot calibrate</source>
        <translation>Не ўдаецца адкалібраваць</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>Адкалібравана</translation>
    </message>
    <message>
        <source>dns.lookup&apos;s second call</source>
        <translation>другі выклік dns.lookup</translation>
    </message>
    <message>
        <source>the thread pool&apos;s start (4 threads)</source>
        <translation>запуск пула патокаў (4 патокі)</translation>
    </message>
    <message>
        <source>the first promise rejected with no handler</source>
        <translation>першы праміс, адхілены без апрацоўшчыка</translation>
    </message>
    <message>
        <source>the first rejection checked after a drain</source>
        <translation>першае адхіленне, праверанае пасля апусташэння чэргаў</translation>
    </message>
    <message>
        <source>a worker&apos;s first console.log</source>
        <translation>першы console.log воркера</translation>
    </message>
    <message>
        <source>a worker&apos;s script, from its last line to its end</source>
        <translation>скрыпт воркера ад апошняга радка да канца</translation>
    </message>
    <message>
        <source>an ES module&apos;s end</source>
        <translation>канец ES-модуля</translation>
    </message>
    <message>
        <source>the HTTP server&apos;s listen</source>
        <translation>listen HTTP-сервера</translation>
    </message>
    <message>
        <source>the HTTP server&apos;s first request, beyond a later one</source>
        <translation>першы запыт да HTTP-сервера, звыш наступнага</translation>
    </message>
    <message>
        <source>each request the HTTP server answers</source>
        <translation>кожны запыт, на які адказвае HTTP-сервер</translation>
    </message>
    <message>
        <source>the first http.get</source>
        <translation>першы http.get</translation>
    </message>
    <message>
        <source>the thread pool&apos;s start while a worker boots, beyond that</source>
        <translation>запуск пула патокаў, пакуль запускаецца воркер, звыш гэтага</translation>
    </message>
    <message>
        <source>What Node spends each time a line that already ran calls it again, in a loop, once the thread has used the operation %1 times (until then Node&apos;s code for it is still warming, and a line run again costs what a new line does); below a microsecond it is left out.</source>
        <translation>Колькі Node марнуе кожны раз, калі радок, што ўжо выконваўся, выклікае яе зноў, у цыкле, пасля таго як паток скарыстаў аперацыю %1 разоў (да таго код Node для яе яшчэ разаграваецца, і паўторна выкананы радок каштуе столькі ж, колькі новы); менш за мікрасекунду не ўлічваецца.</translation>
    </message>
    <message>
        <source>the parent&apos;s first take-in of a worker&apos;s lines, before it prints them</source>
        <translation>першы прыём радкоў воркера бацькам, да іх друку</translation>
    </message>
    <message>
        <source>the parent&apos;s first take-in of a worker&apos;s lines, after it asks for more</source>
        <translation>першы прыём радкоў воркера бацькам, пасля запыту наступных</translation>
    </message>
    <message>
        <source>a worker&apos;s first write of the lines it held</source>
        <translation>першы запіс радкоў, якія воркер трымаў</translation>
    </message>
    <message>
        <source>the first timer callback&apos;s return, beyond a later one&apos;s</source>
        <translation>вяртанне з першага зваротнага выкліку таймера, звыш наступнага</translation>
    </message>
    <message>
        <source>the same, after the script&apos;s own first http.get</source>
        <translation>тое ж, пасля першага http.get самога скрыпта</translation>
    </message>
    <message>
        <source>what console.log&apos;s first use saves the first process.nextTick</source>
        <translation>колькі першае выкарыстанне console.log эканоміць першаму process.nextTick</translation>
    </message>
    <message>
        <source>what console.log&apos;s first use saves the first queueMicrotask</source>
        <translation>колькі першае выкарыстанне console.log эканоміць першаму queueMicrotask</translation>
    </message>
    <message>
        <source>the main module&apos;s end to the first callback</source>
        <translation>ад канца галоўнага модуля да першага зваротнага выкліку</translation>
    </message>
    <message>
        <source>the same, more when the main module used console.log</source>
        <translation>тое ж, звыш таго, калі галоўны модуль выкарыстаў console.log</translation>
    </message>
</context>
<context>
    <name>NumberedConsole</name>
    <message>
        <source>(end of output)</source>
        <translation>(канец вываду)</translation>
    </message>
</context>
<context>
    <name>OutputBars</name>
    <message>
        <source>(no output)</source>
        <translation>(няма вываду)</translation>
    </message>
    <message>
        <source>Outputs over many runs</source>
        <translation>Вывады за шмат запускаў</translation>
    </message>
    <message>
        <source>Each bar is one distinct console output, its lines in the order printed; its length is the share of runs that printed it.</source>
        <translation>Кожная паласа — асобны вывад кансолі з радкамі ў парадку друку; яе даўжыня — доля запускаў, якія яго надрукавалі.</translation>
    </message>
    <message>
        <source>%L1 of %L2 runs (%L3 %)</source>
        <translation>%L1 з %L2 запускаў (%L3 %)</translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation>Запускаў яшчэ няма.</translation>
    </message>
    <message>
        <source>No runs yet: press Run.</source>
        <translation>Запускаў яшчэ няма: націсніце «Запусціць».</translation>
    </message>
</context>
<context>
    <name>PhaseWheel</name>
    <message>
        <source>The circle of libuv phases. Hover a phase or the centre for what it does.</source>
        <translation>Кола фаз libuv. Навядзіце курсор на фазу або на цэнтр, каб даведацца, што там адбываецца.</translation>
    </message>
    <message>
        <source>Timers: runs the setTimeout and setInterval callbacks whose time has come. A 0 ms timer still waits for this phase of the next iteration.</source>
        <translation>Timers: выконвае зваротныя выклікі setTimeout і setInterval, час якіх настаў. Таймер на 0 мс усё роўна чакае гэтай фазы ў наступнай ітэрацыі.</translation>
    </message>
    <message>
        <source>Pending: I/O callbacks libuv deferred from the previous iteration, such as some TCP errors.</source>
        <translation>Pending: зваротныя выклікі ўводу-вываду, якія libuv адклаў з папярэдняй ітэрацыі, напрыклад некаторыя памылкі TCP.</translation>
    </message>
    <message>
        <source>Idle: libuv&apos;s idle handles. Node keeps one active while immediates are queued, which is what stops poll from sleeping.</source>
        <translation>Idle: idle-дэскрыптары libuv. Node трымае адзін з іх актыўным, пакуль у чарзе ёсць выклікі setImmediate, і менавіта гэта не дае poll заснуць.</translation>
    </message>
    <message>
        <source>Prepare: runs just before poll. libuv computes here how long poll may sleep.</source>
        <translation>Prepare: выконваецца непасрэдна перад poll. Тут libuv вылічае, колькі poll можа спаць.</translation>
    </message>
    <message>
        <source>Poll: waits for I/O (files via the thread pool, sockets via the OS) and runs their callbacks. It sleeps until a timer is due, unless immediates are pending.</source>
        <translation>Poll: чакае ўводу-вываду (файлы — праз пул патокаў, сокеты — праз АС) і выконвае іх зваротныя выклікі. Спіць да тэрміну бліжэйшага таймера, калі ў чарзе няма выклікаў setImmediate.</translation>
    </message>
    <message>
        <source>Check: runs setImmediate callbacks, right after poll. Immediates queued meanwhile wait for the next iteration.</source>
        <translation>Check: выконвае зваротныя выклікі setImmediate адразу пасля poll. Выклікі setImmediate, пастаўленыя ў чаргу тым часам, чакаюць наступнай ітэрацыі.</translation>
    </message>
    <message>
        <source>Close: runs close callbacks, such as socket.on(&apos;close&apos;), at the end of the iteration.</source>
        <translation>Close: выконвае зваротныя выклікі закрыцця, напрыклад socket.on(&apos;close&apos;), у канцы ітэрацыі.</translation>
    </message>
    <message>
        <source>%1k</source>
        <translation>%1k</translation>
    </message>
    <message>
        <source>no program</source>
        <translation>няма праграмы</translation>
    </message>
    <message>
        <source>main module</source>
        <translation>галоўны модуль</translation>
    </message>
    <message>
        <source>%1 iterations/s</source>
        <translation>%1 ітэрацый/с</translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation>ітэрацыя %1</translation>
    </message>
    <message>
        <source>nextTick</source>
        <translation>nextTick</translation>
    </message>
    <message>
        <source>microtask</source>
        <translation>мікразадача</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>на паўзе</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>перапынена</translation>
    </message>
    <message>
        <source>%1 drained</source>
        <translation>%1 апрацавана</translation>
    </message>
    <message>
        <source>%1 callbacks</source>
        <translation>%1 выклікаў</translation>
    </message>
    <message>
        <source>blocked by %1</source>
        <translation>%1 блакуе цыкл</translation>
    </message>
    <message>
        <source>a recording</source>
        <translation>запіс</translation>
    </message>
    <message>
        <source>Event loop phases</source>
        <translation>Фазы цыкла падзей</translation>
    </message>
    <message>
        <source>%1 % of the last second: %2 % waiting, %3 % running callbacks</source>
        <translation>%1 % апошняй секунды: %2 % чакання, %3 % выканання зваротных выклікаў</translation>
    </message>
    <message>
        <source>%1 % of the last second</source>
        <translation>%1 % апошняй секунды</translation>
    </message>
    <message>
        <source>The loop is not iterating.</source>
        <translation>Цыкл не выконвае ітэрацый.</translation>
    </message>
    <message>
        <source>The loop is in %1.</source>
        <translation>Цыкл у фазе %1.</translation>
    </message>
    <message>
        <source>Blocked for %1 by %2.</source>
        <translation>%2 блакуе цыкл ужо %1.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Time spent: %1.</source>
        <translation>Размеркаванне часу: %1.</translation>
    </message>
    <message numerus="yes">
        <source>Queued: %n nextTick callback(s)</source>
        <translation>
            <numerusform>У чарзе: %n зваротны выклік nextTick</numerusform>
            <numerusform>У чарзе: %n зваротныя выклікі nextTick</numerusform>
            <numerusform>У чарзе: %n зваротных выклікаў nextTick</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n microtask(s).</source>
        <translation>
            <numerusform>%n мікразадача.</numerusform>
            <numerusform>%n мікразадачы.</numerusform>
            <numerusform>%n мікразадач.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>replay at %1</source>
        <translation>на %1</translation>
    </message>
</context>
<context>
    <name>Pictures</name>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>Выява PNG (*.png);;Малюнак SVG (*.svg)</translation>
    </message>
    <message>
        <source>%1: a picture is written as .png or .svg</source>
        <translation>%1: выява запісваецца як .png або .svg</translation>
    </message>
    <message>
        <source>Drawn by LoopScope</source>
        <translation>Намалявана LoopScope</translation>
    </message>
    <message>
        <source>LoopScope report: %1</source>
        <translation>Справаздача LoopScope: %1</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Кансоль</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>%1: cannot draw the picture</source>
        <translation>%1: не ўдаецца намаляваць малюнак</translation>
    </message>
    <message>
        <source>%1: cannot draw the report</source>
        <translation>%1: не ўдаецца намаляваць справаздачу</translation>
    </message>
</context>
<context>
    <name>PoolLanesView</name>
    <message>
        <source>Thread pool lanes</source>
        <translation>Дарожкі пула патокаў</translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool: UV_THREADPOOL_SIZE worker threads (4 unless set) that run file system calls, dns.lookup and crypto such as pbkdf2 off the loop thread. When they finish, the loop runs their callbacks in the poll phase.</source>
        <translation>Пул патокаў libuv: UV_THREADPOOL_SIZE працоўных патокаў (4, калі не зададзена іначай), якія выконваюць выклікі файлавай сістэмы, dns.lookup і крыптаграфію, напрыклад pbkdf2, па-за патокам цыкла. Калі яны завяршаюцца, цыкл выконвае іх зваротныя выклікі ў фазе poll.</translation>
    </message>
    <message>
        <source>A pool lane: one worker thread. The bar is the item it runs now and grows with its running time; an idle lane is a free thread.</source>
        <translation>Дарожка пула: адзін працоўны паток. Паласа — гэта задача, якую ён выконвае зараз; яна расце разам з часам выканання. Пустая дарожка — вольны паток.</translation>
    </message>
    <message>
        <source>Work submitted while every thread is busy waits here, first in, first out, however urgent it is: a slow pbkdf2 can delay a readFile.</source>
        <translation>Задачы, пастаўленыя, калі ўсе патокі занятыя, чакаюць тут у парадку паступлення, якімі б тэрміновымі яны ні былі: павольны pbkdf2 можа затрымаць readFile.</translation>
    </message>
    <message>
        <source>How many threads were busy (solid) and how many items waited (light), over the last 10 seconds. The dashed line is the pool size.</source>
        <translation>Колькі патокаў было занята (суцэльны колер) і колькі задач чакала (светлы) за апошнія 10 секунд. Пункцірная лінія — памер пула.</translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Пул патокаў</translation>
    </message>
    <message>
        <source>%1 of %2 threads busy · %3 waiting</source>
        <translation>занята патокаў: %1 з %2 · чакаюць: %3</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>паток %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>вольны</translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>Waiting for a free thread: %1</source>
        <translation>Чакаюць вольнага патоку: %1</translation>
    </message>
    <message>
        <source>nothing waiting</source>
        <translation>нічога не чакае</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation>яшчэ +%1</translation>
    </message>
    <message>
        <source>Occupancy, last 10 s</source>
        <translation>Занятасць за апошнія 10 с</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>чакаюць</translation>
    </message>
    <message>
        <source>running</source>
        <translation>выконваюцца</translation>
    </message>
    <message>
        <source>pool size %1</source>
        <translation>памер пула: %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>зараз</translation>
    </message>
    <message>
        <source>−10 s</source>
        <translation>−10 с</translation>
    </message>
    <message>
        <source>Not seen by the probe: it could not find libuv&apos;s thread pool in this node (a stripped build, or one on a shared libuv), so which work waits for a thread and which runs is not known. The callbacks of pool work (FSREQCALLBACK, PBKDF2REQUEST, GETADDRINFOREQWRAP, …) show in the timeline when they run on the loop.</source>
        <translation>Зонд гэтага не бачыць: ён не знайшоў пул патокаў libuv у гэтым node (зборка без сімвалаў або з агульнай libuv), таму невядома, якая праца чакае патоку, а якая выконваецца. Зваротныя выклікі працы пула (FSREQCALLBACK, PBKDF2REQUEST, GETADDRINFOREQWRAP, …) паказваюцца на шкале часу, калі выконваюцца ў цыкле.</translation>
    </message>
</context>
<context>
    <name>PoolModel</name>
    <message>
        <source>worker %1</source>
        <translation>паток %1</translation>
    </message>
    <message>
        <source>queue</source>
        <translation>чарга</translation>
    </message>
    <message>
        <source>running</source>
        <translation>выконваецца</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>чакае</translation>
    </message>
    <message>
        <source>%1 has been running on pool worker %2 for %3</source>
        <translation>%1 выконваецца ў патоку пула %2 ужо %3</translation>
    </message>
    <message>
        <source>%1 has waited %2 for a free pool thread</source>
        <translation>%1 чакае вольнага патоку пула ўжо %2</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Паток</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Аперацыя</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Час</translation>
    </message>
</context>
<context>
    <name>PresentationController</name>
    <message>
        <source>Larger text</source>
        <translation>Большы тэкст</translation>
    </message>
    <message>
        <source>Makes all text larger, for a projector.</source>
        <translation>Павялічвае ўвесь тэкст — для праектара.</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>Меншы тэкст</translation>
    </message>
    <message>
        <source>Makes all text smaller.</source>
        <translation>Памяншае ўвесь тэкст.</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>Рэжым &amp;прэзентацыі</translation>
    </message>
    <message>
        <source>Full screen for a lecture: the circle and the panels chosen under Panels in presentation, everything drawn larger, the mouse pointer ringed. F11 again returns to the window as it was.</source>
        <translation>Поўны экран для лекцыі: кола і панэлі, выбраныя ў «Панэлі ў прэзентацыі», усё намалявана большым, указальнік мышы абведзены. Яшчэ раз F11 вяртае акно ў ранейшы выгляд.</translation>
    </message>
    <message>
        <source>Presente&amp;r&apos;s view</source>
        <translation>Выгляд для в&amp;ядучага</translation>
    </message>
    <message>
        <source>For the lecturer&apos;s screen: the lesson&apos;s scenario, question and notes, what runs now and what to press next, and a clock. Presentation mode opens it on a second screen when there is one.</source>
        <translation>Для экрана выкладчыка: сцэнарый урока, яго пытанне і нататкі, што выконваецца зараз і што націснуць далей, і гадзіннік. Рэжым прэзентацыі адкрывае яго на другім экране, калі ён ёсць.</translation>
    </message>
    <message>
        <source>Panels in presentation</source>
        <translation>Панэлі ў прэзентацыі</translation>
    </message>
    <message>
        <source>No room on this screen for larger text: hide a panel (View &gt; Panels in presentation) to give the circle room.</source>
        <translation>На гэтым экране няма месца для большага тэксту: схавайце панэль (Выгляд &gt; Панэлі ў прэзентацыі), каб даць месца колу.</translation>
    </message>
</context>
<context>
    <name>PresenterView</name>
    <message>
        <source>Presenter&apos;s view — LoopScope</source>
        <translation>Выгляд для вядучага — LoopScope</translation>
    </message>
    <message>
        <source>The window says</source>
        <translation>Акно кажа</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Далей</translation>
    </message>
    <message>
        <source>Notes: why it happens</source>
        <translation>Нататкі: чаму так адбываецца</translation>
    </message>
    <message>
        <source>How long this view has been open, and the time of day.</source>
        <translation>Колькі часу адкрыты гэты выгляд, і час дня.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>No scenario selected: pick one in the Scenarios tab.</source>
        <translation>Сцэнарый не выбраны: выберыце яго ва ўкладцы «Сцэнарыі».</translation>
    </message>
    <message>
        <source>Ask the question, let the room guess, then Run and check in the Lesson tab.</source>
        <translation>Задайце пытанне, дайце аўдыторыі адгадаць, потым «Запусціць і праверыць» ва ўкладцы «Урок».</translation>
    </message>
</context>
<context>
    <name>ProcessMenu</name>
    <message>
        <source>Pro&amp;cess</source>
        <translation>Пра&amp;цэс</translation>
    </message>
    <message>
        <source>A program recorded with its child processes (Follow child processes): which of them the views show. Each is a recording of its own, on its own clock.</source>
        <translation>Праграма, запісаная з даччынымі працэсамі (Сачыць за даччынымі працэсамі): які з іх паказваюць панэлі. Кожны — асобны запіс са сваім гадзіннікам.</translation>
    </message>
    <message>
        <source>Only a program recorded with its child processes has more than one</source>
        <translation>Больш за адзін ёсць толькі ў праграмы, запісанай з даччынымі працэсамі</translation>
    </message>
    <message>
        <source>%1 (pid %2)</source>
        <translation>%1 (pid %2)</translation>
    </message>
    <message>
        <source>The program: %1</source>
        <translation>Праграма: %1</translation>
    </message>
    <message>
        <source>Child %1: %2</source>
        <translation>Дзіця %1: %2</translation>
    </message>
</context>
<context>
    <name>ProgressTask</name>
    <message>
        <source>Cancel</source>
        <translation>Скасаваць</translation>
    </message>
</context>
<context>
    <name>QueueModel</name>
    <message>
        <source>nextTick queue</source>
        <translation>Чарга nextTick</translation>
    </message>
    <message>
        <source>Microtask queue</source>
        <translation>Чарга мікразадач</translation>
    </message>
    <message>
        <source>Timers</source>
        <translation>Таймеры</translation>
    </message>
    <message>
        <source>Immediates</source>
        <translation>setImmediate</translation>
    </message>
    <message>
        <source>Close callbacks</source>
        <translation>Зваротныя выклікі закрыцця</translation>
    </message>
    <message>
        <source>process.nextTick callbacks. Node drains this queue completely after every callback, before promises, so a self-rescheduling nextTick starves the loop.</source>
        <translation>Зваротныя выклікі process.nextTick. Node цалкам апаражняе гэтую чаргу пасля кожнага зваротнага выкліку, раней за Promise, таму nextTick, які зноў плануе сам сябе, не дае цыклу рухацца далей.</translation>
    </message>
    <message>
        <source>Promise reactions and queueMicrotask jobs. They run right after the nextTick queue, until none are left, before the loop moves to its next callback.</source>
        <translation>Рэакцыі Promise і задачы queueMicrotask. Выконваюцца адразу пасля чаргі nextTick, пакуль не скончацца, перш чым цыкл пяройдзе да наступнага зваротнага выкліку.</translation>
    </message>
    <message>
        <source>setTimeout and setInterval callbacks, ordered by due time. They run in the timers phase once their time has come, never earlier.</source>
        <translation>Зваротныя выклікі setTimeout і setInterval, упарадкаваныя па часе спрацоўвання. Выконваюцца ў фазе timers, калі настане іх час, і ніколі раней.</translation>
    </message>
    <message>
        <source>setImmediate callbacks. They run in the check phase, right after poll; while any wait, poll does not sleep.</source>
        <translation>Зваротныя выклікі setImmediate. Выконваюцца ў фазе check, адразу пасля poll; пакуль хоць адзін з іх чакае, poll не спіць.</translation>
    </message>
    <message>
        <source>Callbacks of closed handles (socket.on(&apos;close&apos;)), run in the close phase at the end of the iteration.</source>
        <translation>Зваротныя выклікі закрытых дэскрыптараў (socket.on(&apos;close&apos;)), выконваюцца ў фазе close у канцы ітэрацыі.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… і яшчэ %n</numerusform>
            <numerusform>… і яшчэ %n</numerusform>
            <numerusform>… і яшчэ %n</numerusform>
        </translation>
    </message>
    <message>
        <source>due now</source>
        <translation>зараз</translation>
    </message>
    <message>
        <source>in %1 ms</source>
        <translation>праз %1 мс</translation>
    </message>
    <message>
        <source>Callback</source>
        <translation>Зваротны выклік</translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation>Тып задачы</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Тэрмін</translation>
    </message>
    <message>
        <source>running now</source>
        <translation>выконваецца зараз</translation>
    </message>
    <message>
        <source>late by %1</source>
        <translation>спазняецца на %1</translation>
    </message>
    <message>
        <source>runs next</source>
        <translation>ідзе наступным</translation>
    </message>
</context>
<context>
    <name>ReplayPlayer</name>
    <message>
        <source>1/%L1 of real time</source>
        <translation>1/%L1 рэальнага часу</translation>
    </message>
    <message>
        <source>Real time</source>
        <translation>Рэальны час</translation>
    </message>
    <message>
        <source>%L1 times real time</source>
        <translation>%L1 разоў хутчэй за рэальны час</translation>
    </message>
</context>
<context>
    <name>RunManyDialog</name>
    <message>
        <source>Run many times: %1</source>
        <translation>Запусціць шмат разоў: %1</translation>
    </message>
    <message>
        <source>Runs %1 again and again, each time on a fresh loop, and counts what each run printed. When the order depends on timing (a race), more than one output appears, each about as often as the loop&apos;s clock decides it; nothing is drawn at random.</source>
        <translation>Запускае %1 зноў і зноў, кожны раз на новым цыкле, і лічыць, што надрукаваў кожны запуск. Калі парадак залежыць ад часу (гонка), з&apos;яўляецца больш за адзін вывад, кожны так часта, як вырашае гадзіннік цыкла; нічога не выбіраецца выпадкова.</translation>
    </message>
    <message>
        <source>&amp;Runs:</source>
        <translation>&amp;Запускі:</translation>
    </message>
    <message>
        <source>How many times to run the program. A hundred runs show a race&apos;s proportions to within a few runs in a hundred.</source>
        <translation>Колькі разоў запусціць праграму. Сто запускаў паказваюць прапорцыі гонкі з дакладнасцю да некалькіх запускаў са ста.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Запусціць</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Спыніць</translation>
    </message>
    <message>
        <source>Stops after the run in progress; the runs so far stay counted (Esc).</source>
        <translation>Спыняецца пасля бягучага запуску; ужо зробленыя запускі застаюцца палічанымі (Esc).</translation>
    </message>
    <message>
        <source>%v of %m runs</source>
        <translation>%v з %m запускаў</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыць</translation>
    </message>
    <message>
        <source>A run did not end within %L1 s, so the program may never end on its own (a server, an endless chain); the runs before it are counted.</source>
        <translation>Запуск не скончыўся за %L1 с, таму праграма, магчыма, ніколі не скончыцца сама (сервер, бясконцы ланцуг); папярэднія запускі палічаны.</translation>
    </message>
    <message>
        <source>Every run so far (%L1) printed the same output: this order does not depend on timing.</source>
        <translation>Усе запускі дагэтуль (%L1) надрукавалі аднолькавы вывад: гэты парадак не залежыць ад часу.</translation>
    </message>
    <message>
        <source>%L1 different outputs in %L2 runs: the order depends on timing, a race.</source>
        <translation>%L1 розныя вывады ў %L2 запусках: парадак залежыць ад часу, гэта гонка.</translation>
    </message>
    <message>
        <source>Node&apos;s costs as measured on this machine with Node.js %1 (%2).</source>
        <translation>Выдаткі Node, вымераныя на гэтай машыне з Node.js %1 (%2).</translation>
    </message>
    <message>
        <source>Node&apos;s costs as Node 20 spent them on the development machine: Loop &gt; Calibrate with this machine&apos;s Node.js… measures this machine&apos;s, so the proportions are its Node&apos;s.</source>
        <translation>Выдаткі Node такія, якія Node 20 меў на машыне распрацоўкі: Цыкл &gt; Каліброўка па Node.js гэтай машыны… вымярае выдаткі гэтай машыны, каб прапорцыі былі прапорцыямі яе Node.</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>An async function is not a thread</source>
        <translation>Функцыя async — не паток</translation>
    </message>
    <message>
        <source>The async function hashes synchronously before its first await, on the loop thread. The 10 ms interval cannot tick until it returns: every tick prints after the function has handed back its promise.</source>
        <translation>Функцыя async сінхронна хэшуе да свайго першага await, у патоку цыкла. Інтэрвал 10 мс не можа спрацаваць, пакуль яна не верне кіраванне: кожны tick друкуецца пасля таго, як функцыя вярнула свой Promise.</translation>
    </message>
    <message>
        <source>milliseconds of synchronous hashing</source>
        <translation>мілісекунды сінхроннага хэшавання</translation>
    </message>
    <message>
        <source>await p against p.then().then(), as Node 10 did it</source>
        <translation>await p супраць p.then().then(), як у Node 10</translation>
    </message>
    <message>
        <source>Node 10 wrapped the awaited promise in a throwaway promise: a PromiseResolveThenableJob and two PromiseReactionJobs, three ticks, so both then handlers run first: tick:a, tick:b, after:await.</source>
        <translation>Node 10 абгортваў чаканы Promise у часовы Promise: адзін PromiseResolveThenableJob і два PromiseReactionJob, тры такты мікразадач, таму абодва апрацоўшчыкі then выконваюцца раней: tick:a, tick:b, after:await.</translation>
    </message>
    <message>
        <source>await p against p.then().then()</source>
        <translation>await p супраць p.then().then()</translation>
    </message>
    <message>
        <source>Since Node 12 awaiting a native promise costs one microtask tick, so the async function resumes before the second then handler: after:await, tick:a, tick:b. Compare with the Node 10 variant.</source>
        <translation>Пачынаючы з Node 12, await натыўнага Promise каштуе адзін такт мікразадач, таму функцыя async аднаўляецца раней за другі апрацоўшчык then: after:await, tick:a, tick:b. Параўнайце з варыянтам для Node 10.</translation>
    </message>
    <message>
        <source>compute-async: awaiting between steps still blocks</source>
        <translation>compute-async: await паміж крокамі ўсё роўна блакуе</translation>
    </message>
    <message>
        <source>Each step hashes, then awaits. An await is a microtask, and the microtask queue drains completely before the loop moves on, so the whole computation runs in one drain and the 1 ms timer waits for all of it.</source>
        <translation>Кожны крок хэшуе, а потым робіць await. await — гэта мікразадача, а чарга мікразадач цалкам апаражняецца, перш чым цыкл пойдзе далей, таму ўсё вылічэнне выконваецца за адно апаражненне, і таймер на 1 мс чакае, пакуль яно скончыцца.</translation>
    </message>
    <message>
        <source>hash-and-await steps</source>
        <translation>крокі «хэш і await»</translation>
    </message>
    <message>
        <source>compute-with-set-immediate: responsive at full speed</source>
        <translation>compute-with-set-immediate: не блакуе і працуе на поўнай хуткасці</translation>
    </message>
    <message>
        <source>Each step hashes a little, then yields with setImmediate. Immediates keep poll from sleeping (timeout 0), so the CPU stays busy, yet every iteration passes through poll and /health is answered between steps.</source>
        <translation>Кожны крок крыху хэшуе, а потым саступае кіраванне праз setImmediate. Выклікі setImmediate не даюць poll заснуць (тайм-аўт 0), таму працэсар заняты ўвесь час, але кожная ітэрацыя праходзіць праз poll, і /health атрымлівае адказ паміж крокамі.</translation>
    </message>
    <message>
        <source>setImmediate-chunked steps</source>
        <translation>крокі, падзеленыя праз setImmediate</translation>
    </message>
    <message>
        <source>hash updates per step</source>
        <translation>абнаўленні хэша за крок</translation>
    </message>
    <message>
        <source>compute-sync: hashing in one go stalls every /health probe</source>
        <translation>compute-sync: хэшаванне за адзін раз затрымлівае кожную праверку /health</translation>
    </message>
    <message>
        <source>The handler hashes random strings synchronously. While it runs the loop never reaches poll, so every /health probe waits until it returns: the health line climbs to the full computation time and loop delay equals it.</source>
        <translation>Апрацоўшчык сінхронна хэшуе выпадковыя радкі. Пакуль ён працуе, цыкл не даходзіць да poll, таму кожная праверка /health чакае, пакуль ён скончыць: лінія /health падымаецца да поўнага часу вылічэння, і затрымка цыкла роўная яму.</translation>
    </message>
    <message>
        <source>compute-with-set-timeout: responsive, but mostly asleep</source>
        <translation>compute-with-set-timeout: не блакуе, але амаль увесь час спіць</translation>
    </message>
    <message>
        <source>Each step hashes a little, then waits for setTimeout(0), which is really 1 ms: poll sleeps with timeout 1 between steps. /health answers quickly, but the CPU idles and the job crawls.</source>
        <translation>Кожны крок крыху хэшуе, а потым чакае setTimeout(0), які насамрэч роўны 1 мс: паміж крокамі poll спіць з тайм-аўтам 1. /health адказвае хутка, але працэсар прастойвае, і задача ледзь рухаецца.</translation>
    </message>
    <message>
        <source>setTimeout-chunked steps</source>
        <translation>крокі, падзеленыя праз setTimeout</translation>
    </message>
    <message>
        <source>Counting: while against nextTick, setTimeout(0) and batched nextTick</source>
        <translation>Падлік: while супраць nextTick, setTimeout(0) і nextTick пакетамі</translation>
    </message>
    <message>
        <source>The same count four ways. A while loop never yields; a nextTick per step pays for a callback each time; setTimeout(0) pays a whole loop iteration and a 1 ms sleep per step; batching a million steps per nextTick is nearly as fast as the while loop. Compare the spans on the timeline.</source>
        <translation>Адзін і той жа падлік чатырма спосабамі. Цыкл while ніколі не саступае кіраванне; nextTick на кожны крок кожны раз плаціць за зваротны выклік; setTimeout(0) плаціць за цэлую ітэрацыю цыкла падзей і 1 мс сну на кожны крок; пакет з мільёна крокаў на адзін nextTick амаль такі ж хуткі, як цыкл while. Параўнайце адрэзкі на часавай шкале.</translation>
    </message>
    <message>
        <source>steps for while, nextTick and batched</source>
        <translation>крокі для while, nextTick і пакетаў</translation>
    </message>
    <message>
        <source>steps for the setTimeout(0) chain</source>
        <translation>крокі для ланцужка setTimeout(0)</translation>
    </message>
    <message>
        <source>nextTick callbacks in the batched version</source>
        <translation>зваротныя выклікі nextTick у пакетнай версіі</translation>
    </message>
    <message>
        <source>steps per batched callback</source>
        <translation>крокі на адзін пакетны зваротны выклік</translation>
    </message>
    <message>
        <source>Guess the order inside an I/O callback</source>
        <translation>Адгадайце парадак унутры зваротнага выкліку ўводу-вываду</translation>
    </message>
    <message>
        <source>A readFile callback queues a 0 ms timer, an immediate, a promise reaction and a nextTick, then logs. Watch the poll phase: the callback runs there, its nextTick and promise drain right after it, check runs the immediate, and the timer waits for the next iteration&apos;s timers phase.</source>
        <translation>Зваротны выклік readFile ставіць у чаргу таймер на 0 мс, setImmediate, рэакцыю Promise і nextTick, а потым піша ў лог. Сачыце за фазай poll: зваротны выклік выконваецца там, яго nextTick і Promise апрацоўваюцца адразу пасля яго, check выконвае setImmediate, а таймер чакае фазы timers наступнай ітэрацыі.</translation>
    </message>
    <message>
        <source>JSON.parse of a large payload blocks the loop</source>
        <translation>JSON.parse вялікіх даных блакуе цыкл</translation>
    </message>
    <message>
        <source>Parsing is synchronous: while the order export is parsed no other callback runs, and the loop-delay monitor&apos;s maximum equals the parse time.</source>
        <translation>Разбор сінхронны: пакуль разбіраецца экспарт заказаў, ніякі іншы зваротны выклік не выконваецца, і максімум манітора затрымкі цыкла роўны часу разбору.</translation>
    </message>
    <message>
        <source>megabytes of order lines to parse</source>
        <translation>мегабайты радкоў заказаў для разбору</translation>
    </message>
    <message>
        <source>setTimeout(0) against setImmediate from an ES module</source>
        <translation>setTimeout(0) супраць setImmediate з модуля ES</translation>
    </message>
    <message>
        <source>An ES module body runs inside a promise job that starts from an I/O callback in the poll phase, so check comes before the next timers phase: setImmediate always wins.</source>
        <translation>Цела модуля ES выконваецца ўнутры задачы Promise, якая запускаецца са зваротнага выкліку ўводу-вываду ў фазе poll, таму check надыходзіць раней за наступную фазу timers: setImmediate заўсёды выйграе.</translation>
    </message>
    <message>
        <source>setTimeout(0) against setImmediate from the main module</source>
        <translation>setTimeout(0) супраць setImmediate з галоўнага модуля</translation>
    </message>
    <message>
        <source>From the main module the order is not fixed: the timer fires first only if a millisecond has passed before the loop&apos;s first timers phase. Run it several times; both orders appear, immediate far more often.</source>
        <translation>З галоўнага модуля парадак не вызначаны: таймер спрацоўвае першым, толькі калі да першай фазы timers цыкла прайшла мілісекунда. Запусціце некалькі разоў: з’яўляюцца абодва парадкі, але setImmediate першым — значна часцей.</translation>
    </message>
    <message>
        <source>A self-rescheduling setImmediate lets a 1 ms timer in</source>
        <translation>setImmediate, які зноў плануе сам сябе, прапускае таймер на 1 мс</translation>
    </message>
    <message>
        <source>Each setImmediate step waits for the next check phase, so every step is a whole loop iteration: the 1 ms timer gets its turn early, at the price of one iteration per step.</source>
        <translation>Кожны крок setImmediate чакае наступнай фазы check, таму кожны крок — гэта цэлая ітэрацыя цыкла: таймер на 1 мс хутка атрымлівае сваю чаргу коштам адной ітэрацыі на крок.</translation>
    </message>
    <message>
        <source>how many times the callback reschedules itself</source>
        <translation>колькі разоў зваротны выклік зноў плануе сам сябе</translation>
    </message>
    <message>
        <source>A self-rescheduling nextTick starves a 1 ms timer</source>
        <translation>nextTick, які зноў плануе сам сябе, не дае спрацаваць таймеру на 1 мс</translation>
    </message>
    <message>
        <source>The loop cannot leave a nextTick drain while ticks keep arriving, so the 1 ms timer only runs after every one of the steps. The timeline shows one long drain inside the main callback and the timer afterwards.</source>
        <translation>Цыкл не можа выйсці з апрацоўкі чаргі nextTick, пакуль прыходзяць новыя, таму таймер на 1 мс выконваецца толькі пасля ўсіх крокаў. На часавай шкале бачна адна доўгая апрацоўка чаргі ўнутры галоўнага зваротнага выкліку, а пасля яе — таймер.</translation>
    </message>
    <message>
        <source>Six pbkdf2 calls on a pool of four finish in two waves</source>
        <translation>Шэсць выклікаў pbkdf2 у пуле з чатырох патокаў завяршаюцца дзвюма хвалямі</translation>
    </message>
    <message>
        <source>libuv&apos;s pool has four threads by default: four pbkdf2 calls run at once and finish together; the last two wait in the queue and finish about one duration later. The pool lanes show the second wave starting only as threads free up.</source>
        <translation>Пул libuv па змаўчанні мае чатыры патокі: чатыры выклікі pbkdf2 выконваюцца адначасова і завяршаюцца разам; апошнія два чакаюць у чарзе і завяршаюцца прыкладна на адну працягласць пазней. Дарожкі пула паказваюць, што другая хваля пачынаецца толькі па меры вызвалення патокаў.</translation>
    </message>
    <message>
        <source>PBKDF2 iterations per call</source>
        <translation>ітэрацыі PBKDF2 на выклік</translation>
    </message>
    <message>
        <source>A full thread pool holds fs and dns back, not the network</source>
        <translation>Запоўнены пул патокаў затрымлівае fs і dns, але не сетку</translation>
    </message>
    <message>
        <source>Four slow pbkdf2 calls take every thread of a pool of four. fs.readFile and dns.lookup need the pool too, so they wait for the first pbkdf2 to finish; the HTTP request goes through the OS poller and finishes at once. Run it with --threadpool-size 8 and all three finish early.</source>
        <translation>Чатыры павольныя выклікі pbkdf2 займаюць усе патокі пула з чатырох. fs.readFile і dns.lookup таксама патрабуюць пула, таму чакаюць, пакуль скончыцца першы pbkdf2; HTTP-запыт ідзе праз механізм апытання АС і завяршаецца адразу. Запусціце з --threadpool-size 8, і ўсе тры скончацца хутка.</translation>
    </message>
    <message>
        <source>Price report in chunks: /health waits one chunk at most</source>
        <translation>Справаздача аб цэнах часткамі: /health чакае не больш за адну частку</translation>
    </message>
    <message>
        <source>The same work in slices, each followed by await setImmediate. Between slices the loop reaches poll and answers /health, so the slowest answer is about one chunk.</source>
        <translation>Тая ж праца, падзеленая на часткі, пасля кожнай з якіх ідзе await setImmediate. Паміж часткамі цыкл даходзіць да poll і адказвае на /health, таму самы павольны адказ займае прыкладна адну частку.</translation>
    </message>
    <message>
        <source>slices of the report</source>
        <translation>часткі справаздачы</translation>
    </message>
    <message>
        <source>milliseconds per slice</source>
        <translation>мілісекунды на частку</translation>
    </message>
    <message>
        <source>Price report inline: /health waits for the whole report</source>
        <translation>Справаздача аб цэнах за адзін раз: /health чакае ўсю справаздачу</translation>
    </message>
    <message>
        <source>The report runs in one go on the loop thread. Every /health probe that arrives meanwhile waits until it is done: the slowest answer is about the report&apos;s duration, and so is the loop delay.</source>
        <translation>Справаздача выконваецца за адзін раз у патоку цыкла. Кожная праверка /health, што прыходзіць тым часам, чакае яе завяршэння: самы павольны адказ прыкладна роўны працягласці справаздачы, як і затрымка цыкла.</translation>
    </message>
    <message>
        <source>milliseconds the price report computes</source>
        <translation>мілісекунды вылічэння справаздачы аб цэнах</translation>
    </message>
    <message>
        <source>Price report in a worker: /health stays at about 1 ms</source>
        <translation>Справаздача аб цэнах у патоку Worker: /health застаецца каля 1 мс</translation>
    </message>
    <message>
        <source>The report runs on a worker: a second loop on its own thread. The main loop stays free and answers /health at once; the result comes back as a message in the main loop&apos;s poll phase.</source>
        <translation>Справаздача выконваецца ў патоку Worker — другім цыкле ва ўласным патоку. Галоўны цыкл застаецца вольным і адразу адказвае на /health; вынік вяртаецца паведамленнем у фазе poll галоўнага цыкла.</translation>
    </message>
    <message>
        <source>ReDoS: a coupon regex with nested quantifiers</source>
        <translation>ReDoS: рэгулярны выраз для купонаў з укладзенымі квантыфікатарамі</translation>
    </message>
    <message>
        <source>The vulnerable pattern /^([A-Z0-9]+-?)+$/ backtracks through every way to split a failing input, so each two extra characters cost about four times as long; the safe pattern accepts the same codes and stays flat. Compare the callback durations on the timeline.</source>
        <translation>Уразлівы шаблон /^([A-Z0-9]+-?)+$/ з вяртаннем перабірае ўсе спосабы падзяліць уваходны радок, які не супадае, таму кожныя два дадатковыя сімвалы павялічваюць час прыкладна ўчацвёра; бяспечны шаблон прымае тыя ж коды, і яго час не расце. Параўнайце працягласць зваротных выклікаў на часавай шкале.</translation>
    </message>
    <message>
        <source>nextTick against a promise reaction (ES module)</source>
        <translation>nextTick супраць рэакцыі Promise (модуль ES)</translation>
    </message>
    <message>
        <source>An ES module body is itself a promise job, so the microtask queue keeps draining after it and promise.then prints before process.nextTick.</source>
        <translation>Цела модуля ES само з’яўляецца задачай Promise, таму пасля яго чарга мікразадач працягвае апаражняцца, і promise.then друкуе раней за process.nextTick.</translation>
    </message>
    <message>
        <source>nextTick against a promise reaction (CommonJS)</source>
        <translation>nextTick супраць рэакцыі Promise (CommonJS)</translation>
    </message>
    <message>
        <source>After a CommonJS main module Node drains the nextTick queue first and the microtask queue second, so process.nextTick prints before promise.then.</source>
        <translation>Пасля галоўнага модуля CommonJS Node спачатку апаражняе чаргу nextTick, а потым чаргу мікразадач, таму process.nextTick друкуе раней за promise.then.</translation>
    </message>
    <message>
        <source>pbkdf2Sync in a request handler blocks the loop</source>
        <translation>pbkdf2Sync у апрацоўшчыку запыту блакуе цыкл</translation>
    </message>
    <message>
        <source>Synchronous password hashing does the pool&apos;s work on the loop&apos;s own thread: for as long as pbkdf2Sync derives its key no other callback runs, and the loop-delay monitor&apos;s maximum is about the time the hash took. crypto.pbkdf2 does the same work on the thread pool instead.</source>
        <translation>Сінхроннае хэшаванне пароляў робіць працу пула ва ўласным патоку цыкла: пакуль pbkdf2Sync вылічвае ключ, ніякі іншы зваротны выклік не выконваецца, а максімум манітора затрымкі цыкла прыкладна роўны часу хэшавання. crypto.pbkdf2 робіць тую ж працу ў пуле патокаў.</translation>
    </message>
    <message>
        <source>PBKDF2 iterations of the hash</source>
        <translation>ітэрацыі PBKDF2 хэша</translation>
    </message>
    <message>
        <source>setTimeout(0) is 1 ms: poll sleeps between the steps</source>
        <translation>setTimeout(0) — гэта 1 мс: poll спіць паміж крокамі</translation>
    </message>
    <message>
        <source>Two chains of the same number of steps: one reschedules itself with setImmediate, the other with setTimeout(0). setTimeout turns 0 into 1 ms, so between its steps libuv tells poll to wait 1 ms and the loop sleeps, while a pending immediate makes poll return at once. Tracing uv__io_poll with a debugger shows those timeouts; here the Run figures and --summary list them.</source>
        <translation>Два ланцужкі з аднолькавай колькасцю крокаў: адзін перапланоўвае сябе праз setImmediate, другі праз setTimeout(0). setTimeout ператварае 0 у 1 мс, таму паміж яго крокамі libuv кажа poll чакаць 1 мс і цыкл спіць, а immediate, які чакае, прымушае poll вярнуцца адразу. Трасіроўка uv__io_poll адладчыкам паказвае гэтыя тайм-аўты; тут іх паказваюць лічбы запуску і --summary.</translation>
    </message>
    <message>
        <source>steps of each chain</source>
        <translation>крокі кожнага ланцужка</translation>
    </message>
</context>
<context>
    <name>ScenarioBrowser</name>
    <message>
        <source>Run</source>
        <translation>Запусціць</translation>
    </message>
    <message>
        <source>Runs the selected scenario on a fresh loop; the previous run stops. (%1)</source>
        <translation>Запускае выбраны сцэнарый на новым цыкле; папярэдняе выкананне спыняецца. (%1)</translation>
    </message>
    <message>
        <source>The same program as a Node.js script (loopscope --emit-js). Run it with node to compare.</source>
        <translation>Тая ж праграма ў выглядзе скрыпта Node.js (loopscope --emit-js). Запусціце яго праз node, каб параўнаць.</translation>
    </message>
    <message>
        <source>The equivalent Node.js script appears here.</source>
        <translation>Тут з’явіцца эквівалентны скрыпт Node.js.</translation>
    </message>
    <message>
        <source>Compare with Node.js…</source>
        <translation>Параўнаць з Node.js…</translation>
    </message>
    <message>
        <source>Runs the selected scenario&apos;s script (beside) in node and the scenario in LoopScope, several times when its order depends on timing, and shows both consoles side by side with the first difference highlighted.</source>
        <translation>Запускае скрыпт выбранага сцэнарыя (побач) у node і сцэнарый у LoopScope, некалькі разоў, калі яго парадак залежыць ад часу, і паказвае абедзве кансолі побач з першым адрозненнем, вылучаным колерам.</translation>
    </message>
    <message>
        <source>--set %1=%2 on the command line</source>
        <translation>--set %1=%2 у камандным радку</translation>
    </message>
    <message>
        <source>No scenario selected</source>
        <translation>Сцэнар не выбраны</translation>
    </message>
    <message>
        <source>What the window shows is not a built-in scenario&apos;s run (a recording of another program, or a program run with Node). Pick a scenario to see its script.</source>
        <translation>Акно паказвае не запуск убудаванага сцэнара (запіс іншай праграмы або праграму, запушчаную ў Node). Выберыце сцэнар, каб убачыць яго скрыпт.</translation>
    </message>
    <message>
        <source>The built-in experiments, grouped by the article they come from or by topic. Select one to read what it asks; Run starts it on a fresh loop.</source>
        <translation>Убудаваныя эксперыменты, згрупаваныя па артыкуле, з якога яны ўзятыя, або па тэме. Выберыце адзін, каб прачытаць, што ён пытаецца; «Запусціць» запускае яго на новым цыкле.</translation>
    </message>
    <message>
        <source>By article</source>
        <translation>Па артыкулах</translation>
    </message>
    <message>
        <source>By topic</source>
        <translation>Па тэмах</translation>
    </message>
    <message>
        <source>Groups the experiments by the article each comes from, or by what it teaches.</source>
        <translation>Групуе эксперыменты па артыкуле, з якога ўзяты кожны, або па тым, чаму ён вучыць.</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Іншыя</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
(%2)</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>«%1» (%2)</translation>
    </message>
    <message>
        <source>From %1.</source>
        <translation>З %1.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> і </translation>
    </message>
    <message>
        <source>Drag to show more of the scenario or of its Node.js script.</source>
        <translation>Пацягніце, каб убачыць больш сцэнарыя або яго скрыпта Node.js.</translation>
    </message>
</context>
<context>
    <name>ScenarioCatalog</name>
    <message>
        <source>unknown scenario &apos;%1&apos; (--list-scenarios shows them all)</source>
        <translation>невядомы сцэнарый &apos;%1&apos; (--list-scenarios паказвае ўсе)</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: няма такога файла</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: не звычайны файл</translation>
    </message>
    <message>
        <source>%1: the program is %2 MiB; programs larger than %3 MiB are refused</source>
        <translation>%1: праграма займае %2 МіБ; праграмы больш за %3 МіБ не прымаюцца</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: немагчыма адкрыць: %2</translation>
    </message>
    <message>
        <source>%1: programs larger than %2 MiB are refused</source>
        <translation>%1: праграмы больш за %2 МіБ не прымаюцца</translation>
    </message>
</context>
<context>
    <name>ScenarioGuide</name>
    <message>
        <source>How even fast async functions can block the event loop</source>
        <translation>Як нават хуткія асінхронныя функцыі могуць блакаваць цыкл падзей</translation>
    </message>
    <message>
        <source>An article by an engineer at Snyk, in Spanish</source>
        <translation>Артыкул інжынера Snyk, па-іспанску</translation>
    </message>
    <message>
        <source>Faster async functions and promises</source>
        <translation>Хутчэйшыя асінхронныя функцыі і прамісы</translation>
    </message>
    <message>
        <source>The V8 team&apos;s article, in Spanish</source>
        <translation>Артыкул каманды V8, па-іспанску</translation>
    </message>
    <message>
        <source>The event loop on the server: phases, nextTick, setImmediate, blocking</source>
        <translation>Цыкл падзей на серверы: фазы, nextTick, setImmediate, блакаванне</translation>
    </message>
    <message>
        <source>Mert Özen&apos;s article, in English</source>
        <translation>Артыкул Мерта Озена, па-англійску</translation>
    </message>
    <message>
        <source>Counting with while, nextTick and setTimeout</source>
        <translation>Падлік з while, nextTick і setTimeout</translation>
    </message>
    <message>
        <source>The Mythic Logos blog, in English</source>
        <translation>Блог Mythic Logos, па-англійску</translation>
    </message>
    <message>
        <source>Concurrency in Node.js: libuv, the event loop and the thread pool</source>
        <translation>Канкурэнтнасць у Node.js: libuv, цыкл падзей і пул патокаў</translation>
    </message>
    <message>
        <source>An article in Belarusian</source>
        <translation>Артыкул па-беларуску</translation>
    </message>
    <message>
        <source>Which callback runs first</source>
        <translation>Які зваротны выклік выконваецца першым</translation>
    </message>
    <message>
        <source>Microtasks, promises and await</source>
        <translation>Мікразадачы, прамісы і await</translation>
    </message>
    <message>
        <source>Giving the loop back: nextTick, setImmediate, setTimeout</source>
        <translation>Як вярнуць цыкл: nextTick, setImmediate, setTimeout</translation>
    </message>
    <message>
        <source>Blocking the loop</source>
        <translation>Блакаванне цыкла</translation>
    </message>
    <message>
        <source>The thread pool and workers</source>
        <translation>Пул патокаў і воркеры</translation>
    </message>
    <message>
        <source>Inside a readFile callback, in which order do a timer, an immediate, a promise and a nextTick run?</source>
        <translation>У зваротным выкліку readFile: у якім парадку выканаюцца таймер, immediate, праміс і nextTick?</translation>
    </message>
    <message>
        <source>From the main module, does setTimeout(0) or setImmediate run first?</source>
        <translation>З галоўнага модуля: што выканаецца першым, setTimeout(0) ці setImmediate?</translation>
    </message>
    <message>
        <source>From an ES module, does setTimeout(0) or setImmediate run first?</source>
        <translation>З ES-модуля: што выканаецца першым, setTimeout(0) ці setImmediate?</translation>
    </message>
    <message>
        <source>After a CommonJS module, does process.nextTick or promise.then print first?</source>
        <translation>Пасля модуля CommonJS: што надрукуе першым, process.nextTick ці promise.then?</translation>
    </message>
    <message>
        <source>After an ES module, does process.nextTick or promise.then print first?</source>
        <translation>Пасля ES-модуля: што надрукуе першым, process.nextTick ці promise.then?</translation>
    </message>
    <message>
        <source>Does await p resume before or after the handlers of p.then().then()?</source>
        <translation>await p аднаўляецца да ці пасля апрацоўшчыкаў p.then().then()?</translation>
    </message>
    <message>
        <source>How did the three ticks of Node 10&apos;s await change that order?</source>
        <translation>Як тры такты await у Node 10 мянялі гэты парадак?</translation>
    </message>
    <message>
        <source>Can a 1 ms timer run while nextTick callbacks keep queuing themselves?</source>
        <translation>Ці можа таймер на 1 мс выканацца, пакуль зваротныя выклікі nextTick ставяць сябе ў чаргу зноў і зноў?</translation>
    </message>
    <message>
        <source>Does a setImmediate that queues itself let the 1 ms timer in?</source>
        <translation>Ці прапускае таймер на 1 мс setImmediate, які ставіць сябе ў чаргу?</translation>
    </message>
    <message>
        <source>Why does a chain of setTimeout(0) sleep where a chain of setImmediate does not?</source>
        <translation>Чаму ланцужок setTimeout(0) спіць там, дзе ланцужок setImmediate не спіць?</translation>
    </message>
    <message>
        <source>Does yielding with setTimeout(0) keep /health answered, and at what cost?</source>
        <translation>Ці адказвае /health, калі саступаць праз setTimeout(0), і якой цаной?</translation>
    </message>
    <message>
        <source>Does yielding with setImmediate keep /health answered at full speed?</source>
        <translation>Ці адказвае /health на поўнай хуткасці, калі саступаць праз setImmediate?</translation>
    </message>
    <message>
        <source>Which count is fastest: while, nextTick, setTimeout(0) or batched nextTick?</source>
        <translation>Які падлік самы хуткі: while, nextTick, setTimeout(0) ці nextTick пачкамі?</translation>
    </message>
    <message>
        <source>Does /health answer while a request hashes in one go?</source>
        <translation>Ці адказвае /health, пакуль запыт хэшуе ўсё за адзін раз?</translation>
    </message>
    <message>
        <source>Does awaiting between the steps let /health in?</source>
        <translation>Ці прапускае /health await паміж крокамі?</translation>
    </message>
    <message>
        <source>Does an async function run its body on another thread?</source>
        <translation>Ці выконвае async-функцыя сваё цела ў іншым патоку?</translation>
    </message>
    <message>
        <source>How long does JSON.parse of a large payload hold the loop?</source>
        <translation>Як доўга JSON.parse вялікіх даных трымае цыкл?</translation>
    </message>
    <message>
        <source>Does pbkdf2Sync in a request handler hold the loop as JSON.parse does?</source>
        <translation>Ці трымае цыкл pbkdf2Sync у апрацоўшчыку запыту, як JSON.parse?</translation>
    </message>
    <message>
        <source>How fast does a vulnerable regex&apos;s time grow with its input?</source>
        <translation>Як хутка расце час уразлівага рэгулярнага выразу з даўжынёй уваходу?</translation>
    </message>
    <message>
        <source>How long does /health wait while a report runs inline?</source>
        <translation>Як доўга чакае /health, пакуль справаздача лічыцца ўнутры апрацоўшчыка?</translation>
    </message>
    <message>
        <source>How long does /health wait while the report runs in chunks?</source>
        <translation>Як доўга чакае /health, пакуль справаздача лічыцца часткамі?</translation>
    </message>
    <message>
        <source>How long does /health wait while the report runs in a worker?</source>
        <translation>Як доўга чакае /health, пакуль справаздача лічыцца ў воркеры?</translation>
    </message>
    <message>
        <source>With the thread pool full, which waits: fs, dns or HTTP?</source>
        <translation>Калі пул патокаў заняты, хто чакае: fs, dns ці HTTP?</translation>
    </message>
    <message>
        <source>Six pbkdf2 calls on a pool of four threads: when does each finish?</source>
        <translation>Шэсць выклікаў pbkdf2 на пуле з чатырох патокаў: калі скончыцца кожны?</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <source>Server loop: inject workloads</source>
        <translation>Цыкл сервера: дадайце нагрузку</translation>
    </message>
    <message>
        <source>The probe that watches a Node.js program is missing (%1). It is built with LoopScope where Node.js and its headers are installed (scripts/install-deps.sh).</source>
        <translation>Няма зонда, які назірае за праграмай Node.js (%1). Ён збіраецца разам з LoopScope там, дзе ўсталяваны Node.js і яго загалоўкі (scripts/install-deps.sh).</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>працэс %1</translation>
    </message>
</context>
<context>
    <name>StatusModel</name>
    <message>
        <source>immediates pending: no sleep</source>
        <translation>ёсць выклікі setImmediate: без сну</translation>
    </message>
    <message>
        <source>timer due now: no sleep</source>
        <translation>час таймера настаў: без сну</translation>
    </message>
    <message numerus="yes">
        <source>sleeps: timer due in %n ms</source>
        <translation>
            <numerusform>спіць: таймер спрацуе праз %n мс</numerusform>
            <numerusform>спіць: таймер спрацуе праз %n мс</numerusform>
            <numerusform>спіць: таймер спрацуе праз %n мс</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for I/O</source>
        <translation>чакае ўводу-вываду</translation>
    </message>
    <message>
        <source>nothing to wait for</source>
        <translation>няма чаго чакаць</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 M/s</source>
        <translation>%1 млн/с</translation>
    </message>
    <message>
        <source>%1 k/s</source>
        <translation>%1 тыс./с</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/с</translation>
    </message>
    <message>
        <source>no program</source>
        <translation>няма праграмы</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>заблакаваны</translation>
    </message>
    <message>
        <source>running</source>
        <translation>працуе</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>на паўзе</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>перапынены</translation>
    </message>
    <message>
        <source>main module</source>
        <translation>галоўны модуль</translation>
    </message>
    <message>
        <source>none</source>
        <translation>няма</translation>
    </message>
    <message>
        <source>%1 (%2) for %3</source>
        <translation>%1 (%2) на працягу %3</translation>
    </message>
    <message>
        <source>%1 running, %2 waiting</source>
        <translation>выконваецца: %1, чакае: %2</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Фаза</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Ітэрацыя</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Ітэрацыі</translation>
    </message>
    <message>
        <source>Callbacks</source>
        <translation>Зваротныя выклікі</translation>
    </message>
    <message>
        <source>Poll</source>
        <translation>Poll</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Выконваецца</translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation>Пул патокаў</translation>
    </message>
    <message>
        <source>Whether the loop runs, is paused, or has nothing left to do.</source>
        <translation>Ці працуе цыкл, ці ён на паўзе, ці яму больш няма чаго рабіць.</translation>
    </message>
    <message>
        <source>The libuv phase the loop is in now.</source>
        <translation>Фаза libuv, у якой цыкл знаходзіцца зараз.</translation>
    </message>
    <message>
        <source>How many times the loop has gone round its phases.</source>
        <translation>Колькі разоў цыкл прайшоў поўнае кола сваіх фаз.</translation>
    </message>
    <message>
        <source>Loop iterations per second, measured over half a second.</source>
        <translation>Ітэрацыі цыкла за секунду, вымераныя за паўсекунды.</translation>
    </message>
    <message>
        <source>JavaScript callbacks per second, nextTicks and microtasks included.</source>
        <translation>Зваротныя выклікі JavaScript за секунду, уключаючы nextTick і мікразадачы.</translation>
    </message>
    <message>
        <source>How long poll may sleep and why: libuv computes the timeout from timers and immediates.</source>
        <translation>Колькі poll можа спаць і чаму: libuv вылічае тайм-аўт па таймерах і выкліках setImmediate.</translation>
    </message>
    <message>
        <source>The callback running on the loop now; while it runs, nothing else can.</source>
        <translation>Зваротны выклік, які зараз выконваецца ў цыкле; пакуль ён працуе, нічога іншага выконвацца не можа.</translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool: work running on its threads and work waiting for a free one.</source>
        <translation>Пул патокаў libuv: задачы, што выконваюцца ў яго патоках, і задачы, што чакаюць вольнага патоку.</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Што</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Зараз</translation>
    </message>
    <message>
        <source>replaying a recording; the loop is not running</source>
        <translation>прайграецца запіс; цыкл не працуе</translation>
    </message>
    <message numerus="yes">
        <source>waiting for I/O, at most %n ms</source>
        <translation>
            <numerusform>чакае ўводу-вываду, не больш за %n мс</numerusform>
            <numerusform>чакае ўводу-вываду, не больш за %n мс</numerusform>
            <numerusform>чакае ўводу-вываду, не больш за %n мс</numerusform>
        </translation>
    </message>
    <message>
        <source>finished: nothing left to do</source>
        <translation>завершана: больш няма чаго рабіць</translation>
    </message>
    <message>
        <source>probe waiting %1 ms</source>
        <translation>праверка чакае %1 мс</translation>
    </message>
    <message>
        <source>no samples</source>
        <translation>няма замераў</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>waiting %1 ms</source>
        <translation>чакае %1 мс</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>няма адказу</translation>
    </message>
    <message>
        <source>no probe</source>
        <translation>няма праверкі</translation>
    </message>
    <message>
        <source>Loop delay</source>
        <translation>Затрымка цыкла</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>Загрузка</translation>
    </message>
    <message>
        <source>/health</source>
        <translation>/health</translation>
    </message>
    <message>
        <source>&lt;p&gt;How much later than planned the loop got to the delay monitor&apos;s check, over the last 5 seconds: the median (p50), the worst 1% (p99) and the worst (max).&lt;/p&gt;&lt;p&gt;Node&apos;s monitorEventLoopDelay histogram records the raw time between two checks, so an idle loop reads its resolution (about 10 ms); this line subtracts the resolution, as users do.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Наколькі пазней, чым планавалася, цыкл дайшоў да праверкі манітора затрымкі за апошнія 5 секунд: медыяна (p50), горшы 1 % (p99) і найгоршае значэнне (макс.).&lt;/p&gt;&lt;p&gt;Гістаграма monitorEventLoopDelay у Node запісвае ўвесь час паміж дзвюма праверкамі, таму на цыкле без нагрузкі яна паказвае раздзяляльнасць манітора (каля 10 мс); гэты радок аднімае раздзяляльнасць, як робяць карыстальнікі.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Event-loop utilisation over the last second: the share of time the loop ran code rather than waiting in poll, as Node&apos;s performance.eventLoopUtilization() measures it. About 0% when idle, 100% while a callback blocks the loop.</source>
        <translation>Загрузка цыкла падзей за апошнюю секунду: доля часу, калі цыкл выконваў код, а не чакаў у poll, як яе вымярае performance.eventLoopUtilization() у Node. Каля 0 % без нагрузкі, 100 %, пакуль зваротны выклік блакуе цыкл.</translation>
    </message>
    <message>
        <source>How long the built-in HTTP server took to answer the latest /health probe. It can only answer when the loop is free, so while a callback blocks, the request waits.</source>
        <translation>Як доўга ўбудаваны HTTP-сервер адказваў на апошнюю праверку /health. Ён можа адказаць, толькі калі цыкл вольны, таму, пакуль зваротны выклік блакуе цыкл, запыт чакае.</translation>
    </message>
    <message>
        <source>p50 %1 · p99 %2 · max %3 ms beyond %4 ms</source>
        <translation>p50 %1 · p99 %2 · макс. %3 мс звыш %4 мс</translation>
    </message>
    <message>
        <source>replay at %1</source>
        <translation>паўтор на %1</translation>
    </message>
    <message>
        <source>not seen by the probe</source>
        <translation>зонд не бачыць</translation>
    </message>
    <message>
        <source>nothing left to do</source>
        <translation>больш няма чаго рабіць</translation>
    </message>
    <message>
        <source>detached: the process runs on</source>
        <translation>адлучана: працэс працуе далей</translation>
    </message>
    <message>
        <source>ended by signal %1</source>
        <translation>завершаны сігналам %1</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>выйшаў з кодам %1</translation>
    </message>
    <message>
        <source>detached</source>
        <translation>адлучана</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>сігнал %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>код выхаду %1</translation>
    </message>
</context>
<context>
    <name>SteppingControls</name>
    <message>
        <source>Pause</source>
        <translation>Прыпыніць</translation>
    </message>
    <message>
        <source>Halts the loop at the next place it can: a phase, or before or after a callback. Time held is left out of the program&apos;s clock. Press again to resume.</source>
        <translation>Спыняе цыкл у наступным магчымым месцы: фаза, або перад зваротным выклікам ці пасля яго. Час прыпынку не ўлічваецца ў гадзінніку праграмы. Націсніце яшчэ раз, каб працягнуць.</translation>
    </message>
    <message>
        <source>Next callback</source>
        <translation>Наступны зваротны выклік</translation>
    </message>
    <message>
        <source>While paused: runs the next callback the program can see (the main module, a timer, an immediate, an I/O callback, one nextTick or one promise job) and halts after its body, before the nextTicks and microtasks it queued run.</source>
        <translation>Падчас паўзы: выконвае наступны зваротны выклік, бачны праграме (галоўны модуль, таймер, immediate, выклік уводу-вываду, адзін nextTick або адно заданне promise), і спыняецца пасля яго цела, перад тым як выканаюцца nextTick і мікразадачы, якія ён паставіў у чаргу.</translation>
    </message>
    <message>
        <source>Next phase</source>
        <translation>Наступная фаза</translation>
    </message>
    <message>
        <source>While paused: lets the loop run to the start of the next phase.</source>
        <translation>Падчас паўзы: дазваляе цыклу дайсці да пачатку наступнай фазы.</translation>
    </message>
    <message>
        <source>Next iteration</source>
        <translation>Наступная ітэрацыя</translation>
    </message>
    <message>
        <source>While paused: lets the loop run to the first phase of its next iteration.</source>
        <translation>Падчас паўзы: дазваляе цыклу дайсці да першай фазы наступнай ітэрацыі.</translation>
    </message>
    <message>
        <source>Start paused</source>
        <translation>Пачынаць з паўзы</translation>
    </message>
    <message>
        <source>Runs of this program start held before the main module, to be stepped with Next callback. Remembered for each program; the ordering scenarios start paused unless you turn it off.</source>
        <translation>Запускі гэтай праграмы пачынаюцца спыненымі перад галоўным модулем, каб ісці па кроках праз «Наступны зваротны выклік». Запамінаецца для кожнай праграмы; сцэнарыі пра парадак пачынаюцца з паўзы, калі вы гэтага не адключылі.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Працягнуць</translation>
    </message>
    <message>
        <source>Paused before the main module. Next callback (C) runs it; Space runs on.</source>
        <translation>Паўза перад галоўным модулем. «Наступны зваротны выклік» (C) выконвае яго; Прабел — далей без спынаў.</translation>
    </message>
    <message>
        <source>Paused before a callback. Next callback (C) runs it.</source>
        <translation>Паўза перад зваротным выклікам. «Наступны зваротны выклік» (C) выконвае яго.</translation>
    </message>
    <message>
        <source>callback</source>
        <comment>tool bar, after Step:</comment>
        <translation>выклік</translation>
    </message>
    <message>
        <source>phase</source>
        <comment>tool bar, after Step:</comment>
        <translation>фаза</translation>
    </message>
    <message>
        <source>iteration</source>
        <comment>tool bar, after Step:</comment>
        <translation>ітэрацыя</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>Крок:</translation>
    </message>
    <message>
        <source>Paused after a callback&apos;s body. %1</source>
        <translation>Паўза пасля цела зваротнага выкліку. %1</translation>
    </message>
    <message>
        <source>Next: the nextTick &quot;%1&quot;, because the nextTick queue drains before promise jobs.</source>
        <translation>Далей: nextTick «%1», бо чарга nextTick спусташаецца раней за заданні promise.</translation>
    </message>
    <message>
        <source>Next: the promise job &quot;%1&quot;, because promise jobs run once the nextTicks are done, before the loop goes on.</source>
        <translation>Далей: заданне promise «%1», бо заданні promise выконваюцца, калі nextTick скончыліся, перш чым цыкл пойдзе далей.</translation>
    </message>
    <message>
        <source>Paused as the %1 phase begins.</source>
        <translation>Паўза ў пачатку фазы %1.</translation>
    </message>
    <message>
        <source>Next: the immediate &quot;%1&quot;: check runs the immediates queued before it began, in order.</source>
        <translation>Далей: immediate «%1»: фаза check па чарзе выконвае immediate, пастаўленыя да яе пачатку.</translation>
    </message>
    <message>
        <source>Next phase (N), next callback (C), next iteration (I).</source>
        <translation>Наступная фаза (N), наступны зваротны выклік (C), наступная ітэрацыя (I).</translation>
    </message>
    <message>
        <source>Previous callback</source>
        <translation>Папярэдні зваротны выклік</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: goes back to where the callback before ended its body. The circle, the queues, the thread pool and the console show that moment, rebuilt from the recording.</source>
        <translation>У запісе або ў прагоне, які прыпынены ці скончаны: вяртае туды, дзе папярэдні зваротны выклік скончыў сваё цела. Кола, чэргі, пул патокаў і кансоль паказваюць той момант, адноўлены з запісу.</translation>
    </message>
    <message>
        <source>Previous phase</source>
        <translation>Папярэдняя фаза</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: goes back to where the phase before began.</source>
        <translation>У запісе або ў прагоне, які прыпынены ці скончаны: вяртае туды, дзе пачалася папярэдняя фаза.</translation>
    </message>
    <message>
        <source>Previous iteration</source>
        <translation>Папярэдняя ітэрацыя</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: goes back to where the iteration before began.</source>
        <translation>У запісе або ў прагоне, які прыпынены ці скончаны: вяртае туды, дзе пачалася папярэдняя ітэрацыя.</translation>
    </message>
    <message>
        <source>◀ back</source>
        <comment>tool bar: previous callback</comment>
        <translation>◀ назад</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>Прайграць запіс</translation>
    </message>
    <message>
        <source>In a recording, or a run paused or ended: moves the playhead on in time, at the replay speed, from where it stands; the circle, the queues and the thread pool follow. Press again to stop.</source>
        <translation>У запісе або ў прагоне, які прыпынены ці скончаны: рухае курсор прайгравання наперад у часе з хуткасцю паўтору ад таго месца, дзе ён стаіць; кола, чэргі і пул патокаў ідуць следам. Націсніце яшчэ раз, каб спыніць.</translation>
    </message>
    <message>
        <source>▶ play</source>
        <comment>tool bar: play the recording</comment>
        <translation>▶ прайграць</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>Хуткасць паўтору</translation>
    </message>
    <message>
        <source>How fast Play recording moves the playhead: at 1/100, a millisecond of the program lasts a tenth of a second.</source>
        <translation>Як хутка «Прайграць запіс» рухае курсор: пры 1/100 мілісекунда праграмы доўжыцца дзясятую частку секунды.</translation>
    </message>
    <message>
        <source>At the recording&apos;s start, before the main module. Next callback (C) steps through it.</source>
        <translation>На пачатку запісу, перад галоўным модулем. «Наступны зваротны выклік» (C) крочыць па ім.</translation>
    </message>
    <message>
        <source>A close callback: libuv runs them in the close phase, the last of an iteration, once a handle has closed. %1</source>
        <translation>Зваротны выклік закрыцця: libuv выконвае іх у фазе close, апошняй у ітэрацыі, калі дэскрыптар зачыніўся. %1</translation>
    </message>
    <message>
        <source>At %1 of the recording, after a callback&apos;s body. %2</source>
        <translation>На %1 запісу, пасля цела зваротнага выкліку. %2</translation>
    </message>
    <message>
        <source>At %1 of the recording, as the %2 phase begins.</source>
        <translation>На %1 запісу, калі пачынаецца фаза %2.</translation>
    </message>
    <message>
        <source>Poll: immediates are queued, so the loop only takes the I/O that is ready and does not wait; check runs them next.</source>
        <translation>Poll: у чарзе ёсць immediate, таму цыкл бярэ толькі гатовы ўвод-вывад і не чакае; check выканае іх далей.</translation>
    </message>
    <message>
        <source>Poll: a timer is due already, so the loop does not wait; the next iteration&apos;s timers phase runs it.</source>
        <translation>Poll: таймер ужо мусіць спрацаваць, таму цыкл не чакае; яго выканае фаза timers наступнай ітэрацыі.</translation>
    </message>
    <message>
        <source>Poll: no I/O ready and no immediate queued; a timer is due in %1 ms, so the loop sleeps up to %1 ms waiting for I/O.</source>
        <translation>Poll: няма гатовага ўводу-вываду і immediate у чарзе; таймер спрацуе праз %1 мс, таму цыкл спіць да %1 мс, чакаючы ўвод-вывад.</translation>
    </message>
    <message>
        <source>Poll: no timer and no immediate; the loop sleeps until I/O calls back (thread-pool jobs in flight: %L1).</source>
        <translation>Poll: няма ні таймераў, ні immediate; цыкл спіць, пакуль увод-вывад не выкліча зваротна (заданняў пула патокаў у працы: %L1).</translation>
    </message>
    <message>
        <source>Poll: no timer and no immediate; the loop sleeps until I/O calls back.</source>
        <translation>Poll: няма ні таймераў, ні immediate; цыкл спіць, пакуль увод-вывад не выкліча зваротна.</translation>
    </message>
    <message>
        <source>Next: the ES module&apos;s body, once the loader&apos;s read of the file calls back in poll; the body runs inside a promise job.</source>
        <translation>Далей: цела ES-модуля, калі чытанне файла загрузчыкам вернецца ў poll; цела выконваецца ўнутры задання promise.</translation>
    </message>
    <message>
        <source>Next: the nextTick &quot;%1&quot;: the nextTick queue drains completely, ticks queued meanwhile included, before any promise job.</source>
        <translation>Далей: nextTick «%1»: чарга nextTick спусташаецца цалкам, разам з пастаўленымі тым часам, раней за любое заданне promise.</translation>
    </message>
    <message>
        <source>Next: the promise job &quot;%1&quot;: an ES module&apos;s body runs inside a promise job, so the promise jobs it queued run before its nextTicks.</source>
        <translation>Далей: заданне promise «%1»: цела ES-модуля выконваецца ўнутры задання promise, таму пастаўленыя ім заданні promise выконваюцца раней за яго nextTick.</translation>
    </message>
    <message>
        <source>Next: the promise job &quot;%1&quot;: promise jobs run until none are left; nextTicks queued meanwhile wait for them.</source>
        <translation>Далей: заданне promise «%1»: заданні promise выконваюцца, пакуль не скончацца; nextTick, пастаўленыя тым часам, чакаюць.</translation>
    </message>
    <message>
        <source>Next: the nextTick &quot;%1&quot;: the promise jobs are done, so the nextTicks queued meanwhile run now, then promise jobs again.</source>
        <translation>Далей: nextTick «%1»: заданні promise скончыліся, таму цяпер выконваюцца nextTick, пастаўленыя тым часам, а потым зноў заданні promise.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot;: the timers phase runs every timer that is due, in the order they came due, each one&apos;s nextTicks and promise jobs before the next.</source>
        <translation>Далей: таймер «%1»: фаза timers выконвае ўсе таймеры, чый час настаў, у парадку, у якім ён надышоў, і nextTick ды заданні promise кожнага — перад наступным.</translation>
    </message>
    <message>
        <source>Next: the immediate &quot;%1&quot;: after the timers phase come poll and check, before timers again.</source>
        <translation>Далей: immediate «%1»: пасля фазы timers ідуць poll і check, а потым зноў timers.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot;: it is due already, and the next iteration begins with the timers phase.</source>
        <translation>Далей: таймер «%1»: яго час ужо настаў, а наступная ітэрацыя пачынаецца з фазы timers.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot;: nothing else is queued, so poll waits until it is due.</source>
        <translation>Далей: таймер «%1»: у чэргах больш нічога няма, таму poll чакае, пакуль надыдзе яго час.</translation>
    </message>
    <message>
        <source>Next: the timer &quot;%1&quot; if a millisecond has passed on the loop clock when the loop starts, else the immediate &quot;%2&quot;: from a main module either can win.</source>
        <translation>Далей: таймер «%1», калі на гадзінніку цыкла прайшла мілісекунда, калі цыкл пачынаецца, інакш immediate «%2»: з галоўнага модуля можа выйграць любы.</translation>
    </message>
    <message>
        <source>Next: the immediate &quot;%1&quot; in the next check phase, unless the timer &quot;%2&quot; comes due before the next timers phase.</source>
        <translation>Далей: immediate «%1» у наступнай фазе check, калі толькі час таймера «%2» не надыдзе раней за наступную фазу timers.</translation>
    </message>
    <message>
        <source>Next: the close callback &quot;%1&quot;, in the close phase at the iteration&apos;s end.</source>
        <translation>Далей: зваротны выклік закрыцця «%1», у фазе close напрыканцы ітэрацыі.</translation>
    </message>
    <message>
        <source>Next: nothing is queued; the loop waits in poll for the I/O in flight, whose callback runs next.</source>
        <translation>Далей: у чэргах нічога няма; цыкл чакае ў poll увод-вывад, які яшчэ ідзе, і яго зваротны выклік будзе наступным.</translation>
    </message>
    <message>
        <source>Next: nothing is queued and nothing is in flight, so the loop ends.</source>
        <translation>Далей: у чэргах нічога няма і нічога не ідзе, таму цыкл заканчваецца.</translation>
    </message>
    <message>
        <source>Next, as the recording shows: &quot;%1&quot; (%2).</source>
        <translation>Далей, як паказвае запіс: «%1» (%2).</translation>
    </message>
    <message>
        <source>An I/O callback that completes before then runs first.</source>
        <translation>Зваротны выклік уводу-вываду, які скончыцца раней, выканаецца першым.</translation>
    </message>
</context>
<context>
    <name>TimeMapping</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 нс</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 мкс</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Часавая шкала</translation>
    </message>
    <message>
        <source>paused · Home</source>
        <translation>на паўзе · Home</translation>
    </message>
    <message>
        <source>pool worker %1</source>
        <translation>паток пула %1</translation>
    </message>
    <message>
        <source>phases</source>
        <translation>фазы</translation>
    </message>
    <message>
        <source>callbacks</source>
        <translation>зваротныя выклікі</translation>
    </message>
    <message>
        <source>timers</source>
        <translation>таймеры</translation>
    </message>
    <message>
        <source>immediates</source>
        <translation>setImmediate</translation>
    </message>
    <message>
        <source>nextTick</source>
        <translation>nextTick</translation>
    </message>
    <message>
        <source>microtasks</source>
        <translation>мікразадачы</translation>
    </message>
    <message>
        <source>I/O callbacks</source>
        <translation>выклікі ўводу-вываду</translation>
    </message>
    <message>
        <source>close callbacks</source>
        <translation>выклікі закрыцця</translation>
    </message>
    <message>
        <source>pool callbacks</source>
        <translation>выклікі пула</translation>
    </message>
    <message>
        <source>main module</source>
        <translation>галоўны модуль</translation>
    </message>
    <message>
        <source>A pool lane: one of libuv&apos;s worker threads (UV_THREADPOOL_SIZE of them). File system calls, DNS lookups and crypto such as pbkdf2 run here, off the loop thread. When every lane is busy, new work waits in a queue.</source>
        <translation>Дарожка пула: адзін з працоўных патокаў libuv (іх UV_THREADPOOL_SIZE). Тут, па-за патокам цыкла, выконваюцца выклікі файлавай сістэмы, DNS-запыты і крыптаграфія, напрыклад pbkdf2. Калі ўсе дарожкі занятыя, новая работа чакае ў чарзе.</translation>
    </message>
    <message>
        <source>A worker thread: a second event loop with its own phases and callbacks, sharing the process-wide thread pool with the main loop.</source>
        <translation>Паток Worker: другі цыкл падзей з уласнымі фазамі і зваротнымі выклікамі, які дзеліць з галоўным цыклам агульны для ўсяго працэсу пул патокаў.</translation>
    </message>
    <message>
        <source>The phases of every loop iteration in libuv&apos;s order: timers, pending, idle, prepare, poll, check, close. Thin ticks are phases the loop passed with nothing to run; a pale poll bar is the loop asleep, waiting for I/O or for the next timer.</source>
        <translation>Фазы кожнай ітэрацыі цыкла ў парадку libuv: timers, pending, idle, prepare, poll, check, close. Тонкія рыскі — фазы, якія цыкл прайшоў, не маючы чаго выконваць; бледная паласа poll — цыкл спіць, чакаючы ўводу-вываду або наступнага таймера.</translation>
    </message>
    <message>
        <source>setTimeout and setInterval callbacks. They run in the timers phase once their time has come.</source>
        <translation>Зваротныя выклікі setTimeout і setInterval. Выконваюцца ў фазе timers, калі настане іх час.</translation>
    </message>
    <message>
        <source>setImmediate callbacks. They run in the check phase, right after poll.</source>
        <translation>Зваротныя выклікі setImmediate. Выконваюцца ў фазе check, адразу пасля poll.</translation>
    </message>
    <message>
        <source>process.nextTick callbacks. Node drains this queue completely after every callback, before promises, so a long chain here keeps the loop from moving on.</source>
        <translation>Зваротныя выклікі process.nextTick. Node цалкам апаражняе гэтую чаргу пасля кожнага зваротнага выкліку, раней за Promise, таму доўгі ланцужок тут не дае цыклу рухацца далей.</translation>
    </message>
    <message>
        <source>Promise reactions and queueMicrotask jobs. They run as soon as the nextTick queue is empty.</source>
        <translation>Рэакцыі Promise і задачы queueMicrotask. Выконваюцца, як толькі чарга nextTick становіцца пустой.</translation>
    </message>
    <message>
        <source>I/O callbacks (files, DNS, network). They run in the poll phase when their operation completes.</source>
        <translation>Зваротныя выклікі ўводу-вываду (файлы, DNS, сетка). Выконваюцца ў фазе poll, калі іх аперацыя завяршаецца.</translation>
    </message>
    <message>
        <source>Close callbacks (&apos;close&apos; events). They run in the close phase.</source>
        <translation>Зваротныя выклікі закрыцця (падзеі &apos;close&apos;). Выконваюцца ў фазе close.</translation>
    </message>
    <message>
        <source>Completion callbacks of thread-pool work, delivered back on the loop thread in the poll phase.</source>
        <translation>Зваротныя выклікі завяршэння задач пула патокаў, якія вяртаюцца ў паток цыкла ў фазе poll.</translation>
    </message>
    <message>
        <source>The main module: the program&apos;s top-level code, run once before the loop starts.</source>
        <translation>Галоўны модуль: код верхняга ўзроўню праграмы, які выконваецца адзін раз да запуску цыкла.</translation>
    </message>
    <message>
        <source>Started at %1</source>
        <translation>Пачатак: %1</translation>
    </message>
    <message>
        <source>%1 phase</source>
        <translation>Фаза %1</translation>
    </message>
    <message>
        <source>Iteration %L1</source>
        <translation>Ітэрацыя %L1</translation>
    </message>
    <message>
        <source>Passed, not timed: the loop went through it with nothing to run.</source>
        <translation>Пройдзена без вымярэння: цыкл прайшоў праз яе, не маючы чаго выконваць.</translation>
    </message>
    <message>
        <source>Lasted %1</source>
        <translation>Працягласць: %1</translation>
    </message>
    <message>
        <source>Poll timeout: infinite (nothing but I/O to wait for)</source>
        <translation>Тайм-аўт poll: бясконцы (няма чаго чакаць, акрамя ўводу-вываду)</translation>
    </message>
    <message>
        <source>Poll timeout: %L1 ms</source>
        <translation>Тайм-аўт poll: %L1 мс</translation>
    </message>
    <message>
        <source>%1 callback “%2”</source>
        <translation>Зваротны выклік %1 «%2»</translation>
    </message>
    <message>
        <source>before the loop started</source>
        <translation>да запуску цыкла</translation>
    </message>
    <message>
        <source>in the %1 phase</source>
        <translation>у фазе %1</translation>
    </message>
    <message>
        <source>Iteration %L1, %2</source>
        <translation>Ітэрацыя %L1, %2</translation>
    </message>
    <message>
        <source>A run of %L1 identical callbacks, drawn as one bar</source>
        <translation>Серыя з %L1 аднолькавых зваротных выклікаў, намаляваная адной паласой</translation>
    </message>
    <message>
        <source>Wall time %1 · total %2 · longest %3 · mean %4</source>
        <translation>Рэальны час %1 · усяго %2 · найдаўжэйшы %3 · сярэдні %4</translation>
    </message>
    <message>
        <source>Duration %1</source>
        <translation>Працягласць %1</translation>
    </message>
    <message>
        <source>%1 on pool worker %2</source>
        <translation>%1 у патоку пула %2</translation>
    </message>
    <message>
        <source>Waited %1 in the queue for a free thread</source>
        <translation>Чаканне вольнага патоку ў чарзе: %1</translation>
    </message>
    <message>
        <source>Ran for %1</source>
        <translation>Выкананне: %1</translation>
    </message>
    <message>
        <source>Completed during iteration %L1</source>
        <translation>Завершана падчас ітэрацыі %L1</translation>
    </message>
    <message>
        <source>%L1 items are merged at this zoom; zoom in to tell them apart.</source>
        <translation>Пры гэтым маштабе аб’яднана элементаў: %L1; павялічце, каб іх адрозніць.</translation>
    </message>
    <message>
        <source>The last seconds of the loop, newest on the right. Scroll to zoom, drag or use the arrow keys to pan, + and - to zoom, Home to follow live again; click an item for its details.</source>
        <translation>Апошнія секунды цыкла, найноўшае справа. Прагортвайце колам мышы, каб змяніць маштаб; перацягвайце або карыстайцеся стрэлкамі, каб рухацца; + і - змяняюць маштаб, Home вяртае назіранне ў рэальным часе; пстрыкніце элемент, каб убачыць падрабязнасці.</translation>
    </message>
    <message>
        <source>MAIN LOOP</source>
        <translation>ГАЛОЎНЫ ЦЫКЛ</translation>
    </message>
    <message>
        <source>THREAD POOL</source>
        <translation>ПУЛ ПАТОКАЎ</translation>
    </message>
    <message>
        <source>WORKER LOOP %1</source>
        <translation>ЦЫКЛ WORKER %1</translation>
    </message>
    <message>
        <source>poll · waiting for I/O</source>
        <translation>poll · чакае ўводу-вываду</translation>
    </message>
    <message>
        <source>poll · timeout %L1 ms</source>
        <translation>poll · тайм-аўт %L1 мс</translation>
    </message>
    <message>
        <source>%1 ×%L2</source>
        <translation>%1 ×%L2</translation>
    </message>
    <message>
        <source>%1 · running %2</source>
        <translation>%1 · выконваецца %2</translation>
    </message>
    <message>
        <source>live · %1</source>
        <translation>наўпрост · %1</translation>
    </message>
    <message>
        <source>whole run · Home</source>
        <translation>увесь запуск · Home</translation>
    </message>
    <message>
        <source>held %1</source>
        <translation>спынена на %1</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 мкс</translation>
    </message>
    <message>
        <source>Queued at %1 by “%2”</source>
        <translation>Пастаўлены ў чаргу на %1 выклікам «%2»</translation>
    </message>
    <message>
        <source>Queued at %1</source>
        <translation>Пастаўлены ў чаргу на %1</translation>
    </message>
    <message>
        <source>Press or drag here to move the playhead: the circle, the queues, the thread pool and the console show that moment of the recording.</source>
        <translation>Націсніце або перацягніце тут, каб рухаць курсор: кола, чэргі, пул патокаў і кансоль паказваюць гэты момант запісу.</translation>
    </message>
    <message>
        <source>one slot per callback · S</source>
        <translation>ячэйка на выклік · S</translation>
    </message>
    <message>
        <source>Shift and drag measures a span; a selected callback shows an arrow from where it was queued; S gives every callback one slot of its own.</source>
        <translation>Shift і перацягванне вымяраюць прамежак; выбраны зваротны выклік паказвае стрэлку ад месца, дзе яго паставілі ў чаргу; S дае кожнаму выкліку ўласную ячэйку.</translation>
    </message>
    <message>
        <source>The rolling window let this item&apos;s record go to keep the recording within its memory budget; its bar stays as part of the timeline&apos;s summary.</source>
        <translation>Слізгальнае акно адпусціла запіс гэтага элемента, каб запіс заставаўся ў межах бюджэту памяці; яго паласа застаецца як частка зводкі шкалы часу.</translation>
    </message>
    <message>
        <source>This bar folds %L1 items of the run&apos;s early history together: the timeline keeps a long run compact. The recording, and a trace exported from it, hold every one.</source>
        <translation>Гэтая паласа складвае разам %L1 элементаў ранняй гісторыі выканання: шкала часу трымае доўгае выкананне кампактным. Запіс і экспартаваная з яго трасіроўка захоўваюць кожны.</translation>
    </message>
    <message>
        <source>Wall time %1 · total %2 · mean %3</source>
        <translation>Рэальны час %1 · усяго %2 · сярэдні %3</translation>
    </message>
    <message>
        <source>Timed as a whole: the longest single callback is not known</source>
        <translation>Вымерана цалкам: найдаўжэйшы асобны зваротны выклік невядомы</translation>
    </message>
</context>
<context>
    <name>WorkloadPalette</name>
    <message>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <source>How long the callback hashes without yielding.</source>
        <translation>Як доўга зваротны выклік хэшуе, не саступаючы кіравання.</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> крокаў</translation>
    </message>
    <message>
        <source>Promise reactions, each queued by the one before.</source>
        <translation>Рэакцыі Promise, кожную з якіх ставіць у чаргу папярэдняя.</translation>
    </message>
    <message>
        <source> ticks</source>
        <translation> nextTick</translation>
    </message>
    <message>
        <source>nextTicks, each queued by the one before.</source>
        <translation>Выклікі nextTick, кожны з якіх ставіць у чаргу папярэдні.</translation>
    </message>
    <message>
        <source>How many chunks the job is cut into.</source>
        <translation>На колькі частак дзеліцца задача.</translation>
    </message>
    <message>
        <source> ms each</source>
        <translation> мс кожная</translation>
    </message>
    <message>
        <source>How long each chunk hashes.</source>
        <translation>Як доўга хэшуе кожная частка.</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>How many pbkdf2 calls to start at once.</source>
        <translation>Колькі выклікаў pbkdf2 запусціць адначасова.</translation>
    </message>
    <message>
        <source> iter.</source>
        <translation> ітэр.</translation>
    </message>
    <message>
        <source>PBKDF2 iterations of each call.</source>
        <translation>Ітэрацыі PBKDF2 у кожным выкліку.</translation>
    </message>
    <message>
        <source>How long the worker hashes on its own loop.</source>
        <translation>Як доўга Worker хэшуе ва ўласным цыкле.</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> МБ</translation>
    </message>
    <message>
        <source>Size of the JSON text JSON.parse reads.</source>
        <translation>Памер тэксту JSON, які чытае JSON.parse.</translation>
    </message>
    <message>
        <source> chars</source>
        <translation> сімв.</translation>
    </message>
    <message>
        <source>Length of the coupon code tested.</source>
        <translation>Даўжыня кода купона, які правяраецца.</translation>
    </message>
    <message>
        <source>vulnerable</source>
        <translation>уразлівы</translation>
    </message>
    <message>
        <source>safe</source>
        <translation>бяспечны</translation>
    </message>
    <message>
        <source>The vulnerable pattern backtracks exponentially; the safe one stays linear.</source>
        <translation>Уразлівы шаблон робіць экспанентны перабор з вяртаннем; бяспечны застаецца лінейным.</translation>
    </message>
    <message>
        <source>Block the loop</source>
        <translation>Заблакаваць цыкл</translation>
    </message>
    <message>
        <source>Microtask chain</source>
        <translation>Ланцужок мікразадач</translation>
    </message>
    <message>
        <source>nextTick storm</source>
        <translation>Шторм nextTick</translation>
    </message>
    <message>
        <source>setTimeout-chunked job</source>
        <translation>Задача часткамі праз setTimeout</translation>
    </message>
    <message>
        <source>setImmediate-chunked job</source>
        <translation>Задача часткамі праз setImmediate</translation>
    </message>
    <message>
        <source>crypto.pbkdf2</source>
        <translation>crypto.pbkdf2</translation>
    </message>
    <message>
        <source>fs.readFile</source>
        <translation>fs.readFile</translation>
    </message>
    <message>
        <source>dns.lookup</source>
        <translation>dns.lookup</translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation>HTTP-запыт</translation>
    </message>
    <message>
        <source>Worker offload</source>
        <translation>Вынесці ў Worker</translation>
    </message>
    <message>
        <source>JSON.parse</source>
        <translation>JSON.parse</translation>
    </message>
    <message>
        <source>Regex match</source>
        <translation>Праверка рэгулярным выразам</translation>
    </message>
    <message>
        <source>Runs synchronous hashing in one callback. Nothing else runs until it returns: timers, I/O and /health all wait.</source>
        <translation>Сінхронна хэшуе ў адным зваротным выкліку. Пакуль ён не скончыцца, нічога іншага не выконваецца: таймеры, увод-вывад і /health чакаюць.</translation>
    </message>
    <message>
        <source>A promise chain: every step queues the next microtask. The queue drains completely before the loop moves on, so the whole chain blocks like one long callback.</source>
        <translation>Ланцужок Promise: кожны крок ставіць у чаргу наступную мікразадачу. Чарга цалкам апаражняецца, перш чым цыкл пойдзе далей, таму ўвесь ланцужок блакуе, як адзін доўгі зваротны выклік.</translation>
    </message>
    <message>
        <source>Every nextTick schedules another one. Node drains the nextTick queue completely, so timers and I/O wait for the whole storm.</source>
        <translation>Кожны nextTick плануе наступны. Node цалкам апаражняе чаргу nextTick, таму таймеры і ўвод-вывад чакаюць, пакуль скончыцца ўвесь шторм.</translation>
    </message>
    <message>
        <source>The job yields with setTimeout(0) between chunks. The loop stays responsive, but each step waits at least 1 ms in poll, so the job idles.</source>
        <translation>Задача саступае кіраванне праз setTimeout(0) паміж часткамі. Цыкл і далей адказвае, але кожны крок чакае ў poll не менш за 1 мс, таму задача прастойвае.</translation>
    </message>
    <message>
        <source>The job yields with setImmediate between chunks. The loop stays responsive and poll never sleeps: full CPU, no idle time.</source>
        <translation>Задача саступае кіраванне праз setImmediate паміж часткамі. Цыкл і далей адказвае, а poll ніколі не спіць: працэсар загружаны цалкам, без прастою.</translation>
    </message>
    <message>
        <source>PBKDF2 on libuv&apos;s thread pool. With more calls than pool threads, the rest queue and every other pool user (fs, dns) waits too.</source>
        <translation>PBKDF2 у пуле патокаў libuv. Калі выклікаў больш, чым патокаў, астатнія становяцца ў чаргу, і ўсе іншыя карыстальнікі пула (fs, dns) таксама чакаюць.</translation>
    </message>
    <message>
        <source>fs.readFile: a chain of thread-pool requests (open, fstat, read, close); the callback runs in the poll phase.</source>
        <translation>fs.readFile: ланцужок запытаў да пула патокаў (open, fstat, read, close); зваротны выклік выконваецца ў фазе poll.</translation>
    </message>
    <message>
        <source>dns.lookup runs getaddrinfo on the thread pool, so a busy pool delays it.</source>
        <translation>dns.lookup выконвае getaddrinfo у пуле патокаў, таму заняты пул яго затрымлівае.</translation>
    </message>
    <message>
        <source>A request to the built-in loopback server. Sockets use the OS poller, never the thread pool.</source>
        <translation>Запыт да ўбудаванага loopback-сервера. Сокеты выкарыстоўваюць механізм апытання АС, а не пул патокаў.</translation>
    </message>
    <message>
        <source>Runs the hashing on a worker thread with its own event loop; the main loop stays free.</source>
        <translation>Выконвае хэшаванне ў патоку Worker з уласным цыклам падзей; галоўны цыкл застаецца вольным.</translation>
    </message>
    <message>
        <source>JSON.parse of a large payload: synchronous, so the loop is blocked for the whole parse.</source>
        <translation>JSON.parse вялікіх даных: ён сінхронны, таму цыкл заблакаваны на ўвесь час разбору.</translation>
    </message>
    <message>
        <source>Tests a coupon code against a regular expression. The vulnerable pattern backtracks catastrophically: each extra character multiplies the time.</source>
        <translation>Правярае код купона рэгулярным выразам. Уразлівы шаблон робіць катастрафічны перабор з вяртаннем: кожны дадатковы сімвал памнажае час.</translation>
    </message>
    <message>
        <source>block %1 ms</source>
        <translation>блакаванне на %1 мс</translation>
    </message>
    <message>
        <source>microtask chain of %1</source>
        <translation>ланцужок мікразадач: %1</translation>
    </message>
    <message>
        <source>nextTick storm of %1</source>
        <translation>шторм nextTick: %1</translation>
    </message>
    <message>
        <source>setTimeout-chunked job, %1 × %2 ms</source>
        <translation>задача часткамі праз setTimeout, %1 × %2 мс</translation>
    </message>
    <message>
        <source>setImmediate-chunked job, %1 × %2 ms</source>
        <translation>задача часткамі праз setImmediate, %1 × %2 мс</translation>
    </message>
    <message>
        <source>%1 × pbkdf2, %2 iterations</source>
        <translation>%1 × pbkdf2, ітэрацый: %2</translation>
    </message>
    <message>
        <source>dns.lookup localhost</source>
        <translation>dns.lookup localhost</translation>
    </message>
    <message>
        <source>HTTP GET /health</source>
        <translation>HTTP GET /health</translation>
    </message>
    <message>
        <source>worker: block %1 ms</source>
        <translation>Worker: блакаванне на %1 мс</translation>
    </message>
    <message>
        <source>JSON.parse %1 MB</source>
        <translation>JSON.parse %1 МБ</translation>
    </message>
    <message>
        <source>%1 regex, %2 chars</source>
        <translation>%1 рэгулярны выраз, сімвалаў: %2</translation>
    </message>
</context>
</TS>
