// The language and colour-mode switchers shown in every layout.
import { Languages, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { isColorModePreference, useColorMode } from '#app/lib/color-mode.tsx';
import { fetchMessages, isLocale, localeCookie, locales, type Locale } from '#app/lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const current = i18n.language as Locale;

  async function choose(value: string) {
    if (!isLocale(value) || value === current) return;
    document.cookie = localeCookie(value);
    if (!i18n.hasResourceBundle(value, 'translation')) {
      i18n.addResourceBundle(value, 'translation', await fetchMessages(value));
    }
    await i18n.changeLanguage(value);
    document.documentElement.lang = value;
    await revalidator.revalidate();
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="md"
          aria-label={t('language.label')}
          data-testid="language-switcher"
        >
          <Languages aria-hidden />
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
  const Icon = mode === 'dark' ? Moon : Sun;
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
          <Icon aria-hidden />
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
