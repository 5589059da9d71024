// The language and colour-mode switchers shown in every layout.
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { Icon } from '#app/components/icon.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { isColorModePreference, useColorMode } from '#app/lib/color-mode.tsx';
import { fetchMessages, isLocale, localeCookie, locales, type Locale } from '#app/lib/i18n.ts';

/** Switches the interface language without a reload; a signed-in user's choice is kept on the account too. */
export function useSwitchLanguage() {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const { user, api } = useAuth();
  const current = i18n.language as Locale;

  return async function choose(value: string) {
    if (!isLocale(value) || value === current) return;
    document.cookie = localeCookie(value);
    if (!i18n.hasResourceBundle(value, 'translation')) {
      i18n.addResourceBundle(value, 'translation', await fetchMessages(value));
    }
    await i18n.changeLanguage(value);
    document.documentElement.lang = value;
    // Emails follow the account's language; failing to store it must not undo the switch.
    if (user) await api.patch('/user', { locale: value }).catch(() => undefined);
    await revalidator.revalidate();
  };
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Locale;
  const choose = useSwitchLanguage();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="md"
          // The visible code is part of the name, so that "click VI" works for voice control too.
          aria-label={`${t('language.label')}: ${current.toUpperCase()}`}
          data-testid="language-switcher"
        >
          <Icon name="languages" />
          <span className="uppercase">{current}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={(value) => void choose(value)}>
          {locales.map((locale) => (
            <DropdownMenuRadioItem key={locale} value={locale} lang={locale}>
              {t(`language.${locale}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const modeIcons = { system: Monitor, light: Sun, dark: Moon } as const;

export function ColorModeSwitcher() {
  const { t } = useTranslation();
  const { preference, mode, forced, setPreference } = useColorMode();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('colorMode.label')}
          title={forced ? t('colorMode.forced') : t('colorMode.label')}
          data-testid="color-mode-switcher"
        >
          <Icon name={mode === 'dark' ? 'moon' : 'sun'} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          {forced ? t('colorMode.forced') : t('colorMode.label')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => isColorModePreference(value) && setPreference(value)}
        >
          {(['system', 'light', 'dark'] as const).map((option) => {
            const OptionIcon = modeIcons[option];
            return (
              <DropdownMenuRadioItem key={option} value={option} disabled={Boolean(forced)}>
                <OptionIcon aria-hidden />
                {t(`colorMode.${option}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
